export { ForgotPassword as Component } from '../../features/auth/components/forgot-password';
