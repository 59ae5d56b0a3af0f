import { ResetPassword } from '../../features/auth/components/reset-password';
import { usePageTitle } from '../../lib/page-title';

export function Component() {
  usePageTitle('Reset your password');
  return <ResetPassword />;
}
