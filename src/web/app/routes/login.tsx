import { useLocation } from 'react-router';
import { AuthScreen } from '../../features/auth/components/auth-screen';
import { usePageTitle } from '../../lib/page-title';

/** /login and /signup share one screen; the key resets it when switching between them. */
export function Component() {
  const { pathname } = useLocation();
  usePageTitle(pathname === '/signup' ? 'Sign up' : 'Sign in');
  return <AuthScreen key={pathname} />;
}
