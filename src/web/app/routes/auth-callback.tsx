export { AuthCallback as Component } from '../../features/auth/components/auth-callback';
