import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AUTH_MESSAGES, validatePassword } from '../../../../core/auth-validation';
import { PASSWORD_UPDATE_REDIRECT_MS } from '../../../../core/constants';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { LoadingMessage, Spinner } from '../../../components/ui/spinner';
import { authClient, authErrorMessage } from '../../../lib/auth-client';
import { resolveReturnTo } from '../utils/return-to';
import { readUrlParam } from '../utils/url-params';
import { AuthCard } from './auth-card';

const INVALID_LINK = 'This password reset link is invalid or has expired.';

/**
 * /auth/reset-password (SPEC §2). The e-mail's link reaches this page with ?token=…; after the
 * new password is saved the user is signed in with it and sent to returnTo after 800 ms.
 */
export function ResetPassword() {
  const location = useLocation();
  const navigate = useNavigate();
  const [token, setToken] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const passwordProblem = validatePassword(password);
  const confirmationProblem = confirmation === password ? null : AUTH_MESSAGES.passwordsDoNotMatch;
  const params = new URLSearchParams(location.search);
  const returnTo = resolveReturnTo(params);
  const email = params.get('email');
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  useEffect(() => {
    const found = readUrlParam('token', location);
    if (found) {
      setToken(found);
      return;
    }
    const urlError = readUrlParam('error', location) ?? readUrlParam('error_description', location);
    const target = new URLSearchParams({ returnTo });
    if (urlError) target.set('error_description', INVALID_LINK);
    navigate(`/login?${target.toString()}`, { replace: true });
  }, [location, navigate, returnTo]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token) return;
    setSubmitted(true);
    setError(null);
    if (passwordProblem || confirmationProblem) return;
    setPending(true);
    try {
      const reset = await authClient.resetPassword({ newPassword: password, token });
      if (reset.error) {
        setError(
          reset.error.code === 'INVALID_TOKEN' ? INVALID_LINK : authErrorMessage(reset.error),
        );
        setPending(false);
        return;
      }
      let destination = returnTo;
      if (email) {
        const signIn = await authClient.signIn.email({ email, password });
        if ((signIn.data as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect) {
          destination = `/login?${new URLSearchParams({ view: 'verify_otp', returnTo }).toString()}`;
        } else if (signIn.error) {
          destination = `/login?${new URLSearchParams({ returnTo }).toString()}`;
        }
      } else {
        destination = `/login?${new URLSearchParams({ returnTo }).toString()}`;
      }
      setDone(true);
      timer.current = window.setTimeout(
        () => navigate(destination, { replace: true }),
        PASSWORD_UPDATE_REDIRECT_MS,
      );
    } catch (caught) {
      setError(authErrorMessage(caught));
      setPending(false);
    }
  };

  if (!token) {
    return (
      <div className="flex flex-1 items-center justify-center">
        <h1 className="sr-only">Reset your password</h1>
        <LoadingMessage message="Verifying password reset link..." />
      </div>
    );
  }

  return (
    <AuthCard title="Reset your password" subtitle="Enter a new password for your account">
      <form noValidate onSubmit={submit} className="space-y-4">
        {error ? <Alert>{error}</Alert> : null}
        {done ? (
          <Alert variant="success">Your password has been updated. Redirecting...</Alert>
        ) : null}
        {email ? (
          <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        ) : null}
        <FormField
          id="new-password"
          label="New password"
          type="password"
          name="newPassword"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={passwordProblem}
          submitted={submitted}
          required
        />
        <FormField
          id="confirm-password"
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={passwordProblem ? null : confirmationProblem}
          submitted={submitted}
          required
        />
        <Button type="submit" className="w-full" disabled={pending || done}>
          {pending && !done ? <Spinner /> : null}
          {pending && !done ? 'Updating...' : 'Update password'}
        </Button>
      </form>
    </AuthCard>
  );
}
