import { ForgotPassword } from '../../features/auth/components/forgot-password';
import { usePageTitle } from '../../lib/page-title';

export function Component() {
  usePageTitle('Forgot password');
  return <ForgotPassword />;
}
