import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { validateEmail } from '../../../../core/auth-validation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { authClient, authErrorMessage } from '../../../lib/auth-client';
import { resolveReturnTo } from '../utils/return-to';
import { AuthCard } from './auth-card';

/** /forgot-password (SPEC §2): ask for a reset link. */
export function ForgotPassword() {
  const [searchParams] = useSearchParams();
  const [returnTo] = useState(() => resolveReturnTo(searchParams));
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const emailProblem = validateEmail(email);
  const loginLink = `/login?returnTo=${encodeURIComponent(returnTo)}`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    setSubmitted(true);
    setError(null);
    if (emailProblem) return;
    setPending(true);
    try {
      const redirectTo = `${window.location.origin}/auth/reset-password?email=${encodeURIComponent(
        address,
      )}&returnTo=${encodeURIComponent(returnTo)}`;
      const result = await authClient.requestPasswordReset({ email: address, redirectTo });
      if (result.error) setError(authErrorMessage(result.error));
      else setSentTo(address);
    } catch (caught) {
      setError(authErrorMessage(caught));
    } finally {
      setPending(false);
    }
  };

  if (sentTo) {
    return (
      <AuthCard title="Check your email">
        <div className="space-y-5 text-center">
          <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary/15 text-primary">
            <MailCheck aria-hidden="true" className="size-7" />
          </div>
          <p className="text-sm">We&apos;ve sent a password reset link to {sentTo}</p>
          <p className="text-sm text-muted-foreground">
            Didn&apos;t get it? Check your spam folder, or try again in a few minutes.
          </p>
          <Button asChild variant="outline" className="w-full">
            <Link to={loginLink}>Back to login</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your email address and we'll send you a link to reset your password."
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {error ? <Alert>{error}</Alert> : null}
        <FormField
          id="email"
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailProblem}
          submitted={submitted}
          required
        />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? <Spinner /> : null}
          {pending ? 'Sending...' : 'Send reset link'}
        </Button>
        <p className="text-center text-sm">
          <Link
            to={loginLink}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Back to login
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
