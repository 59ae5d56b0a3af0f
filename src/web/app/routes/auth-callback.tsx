import { AuthCallback } from '../../features/auth/components/auth-callback';
import { usePageTitle } from '../../lib/page-title';

export function Component() {
  usePageTitle('Signing in');
  return <AuthCallback />;
}
