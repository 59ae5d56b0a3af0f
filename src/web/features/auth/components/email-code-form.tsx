import { type FormEvent, useState } from 'react';
import { validateEmail } from '../../../../core/auth-validation';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { authClient, authErrorMessage } from '../../../lib/auth-client';

/** Sends a six-digit sign-in code to an address (better-auth's emailOTP plugin). */
export async function sendSignInCode(email: string): Promise<string | null> {
  try {
    const { error } = await authClient.emailOtp.sendVerificationOtp({ email, type: 'sign-in' });
    return error ? authErrorMessage(error) : null;
  } catch (error) {
    return authErrorMessage(error);
  }
}

/** 'Email me a code': the address to send a one-time sign-in code to. */
export function EmailCodeForm({
  onError,
  onSent,
}: {
  onError: (message: string | null) => void;
  onSent: (email: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const emailProblem = validateEmail(email);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    onError(null);
    if (emailProblem) return;
    const address = email.trim();
    setPending(true);
    const problem = await sendSignInCode(address);
    setPending(false);
    if (problem) onError(problem);
    else onSent(address);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-muted-foreground">
        We&apos;ll e-mail you a 6-digit code to sign in with, no password needed.
      </p>
      <FormField
        id="code-email"
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
        {pending ? 'Sending code...' : 'Email me a code'}
      </Button>
    </form>
  );
}
