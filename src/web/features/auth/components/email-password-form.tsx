import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { AUTH_MESSAGES, validateEmail, validatePassword } from '../../../../core/auth-validation';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { authClient, authErrorMessage } from '../../../lib/auth-client';

interface EmailPasswordFormProps {
  mode: 'sign_in' | 'sign_up';
  returnTo: string;
  onError: (message: string | null) => void;
  /** Password accepted, the account has two-factor: ask for the code. */
  onTwoFactorRequired: () => void;
  /** Account created but the server wants the e-mail confirmed before signing in. */
  onVerificationSent: (email: string) => void;
}

/**
 * E-mail and password, for sign-in and sign-up. On success better-auth updates the session and
 * the auth screen redirects to returnTo.
 */
export function EmailPasswordForm({
  mode,
  returnTo,
  onError,
  onTwoFactorRequired,
  onVerificationSent,
}: EmailPasswordFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const signUp = mode === 'sign_up';
  const emailProblem = validateEmail(email);
  const passwordProblem = signUp
    ? validatePassword(password)
    : password === ''
      ? AUTH_MESSAGES.passwordRequired
      : null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    setSubmitted(true);
    onError(null);
    if (emailProblem || passwordProblem) return;
    setPending(true);
    // Used by the confirmation link: `confirmed` has the callback say the address is confirmed.
    const callbackURL = `/auth/callback?returnTo=${encodeURIComponent(returnTo)}&confirmed=1`;
    try {
      if (signUp) {
        const { data, error } = await authClient.signUp.email({
          email: address,
          password,
          name: address.split('@')[0] ?? address,
          callbackURL,
        });
        if (error) {
          onError(authErrorMessage(error));
        } else if (!data?.token) {
          onVerificationSent(address);
        }
      } else {
        const { data, error } = await authClient.signIn.email({
          email: address,
          password,
          callbackURL,
        });
        if (error) {
          onError(authErrorMessage(error));
        } else if ((data as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect) {
          onTwoFactorRequired();
        }
      }
    } catch (error) {
      onError(authErrorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <FormField
        id="email"
        label="Email address"
        type="email"
        name="email"
        autoComplete={signUp ? 'email' : 'username'}
        placeholder="you@example.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={emailProblem}
        submitted={submitted}
        required
      />
      <FormField
        id="password"
        label="Password"
        type="password"
        name="password"
        autoComplete={signUp ? 'new-password' : 'current-password'}
        placeholder={signUp ? 'At least 8 characters' : 'Your password'}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={passwordProblem}
        submitted={submitted}
        required
        labelAside={
          signUp ? null : (
            <Link
              to="/forgot-password"
              className="text-xs font-medium text-primary underline-offset-4 hover:underline"
            >
              Forgot your password?
            </Link>
          )
        }
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? <Spinner /> : null}
        {signUp
          ? pending
            ? 'Creating account...'
            : 'Sign up'
          : pending
            ? 'Signing in...'
            : 'Sign in'}
      </Button>
    </form>
  );
}
