import { useLocation } from 'react-router';
import { AuthScreen } from '../../features/auth/components/auth-screen';

/** /login and /signup share one screen; the key resets it when switching between them. */
export function Component() {
  const { pathname } = useLocation();
  return <AuthScreen key={pathname} />;
}
