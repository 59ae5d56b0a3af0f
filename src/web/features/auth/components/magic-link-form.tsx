import { type FormEvent, useState } from 'react';
import { validateEmail } from '../../../../core/auth-validation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { authClient, authErrorMessage } from '../../../lib/auth-client';

/** Sign in with a one-time link sent by e-mail (SPEC §2 magic_link view). */
export function MagicLinkForm({
  returnTo,
  onError,
}: {
  returnTo: string;
  onError: (message: string | null) => void;
}) {
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const emailProblem = validateEmail(email);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    setSubmitted(true);
    onError(null);
    if (emailProblem) return;
    setSent(false);
    setPending(true);
    const encoded = encodeURIComponent(returnTo);
    try {
      const { error } = await authClient.signIn.magicLink({
        email: address,
        callbackURL: `/auth/callback?returnTo=${encoded}`,
        errorCallbackURL: `/login?returnTo=${encoded}`,
      });
      if (error) onError(authErrorMessage(error));
      else setSent(true);
    } catch (error) {
      onError(authErrorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {sent ? <Alert variant="success">Check your email for the magic link</Alert> : null}
      <FormField
        id="magic-email"
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
        {pending ? 'Sending magic link...' : 'Send magic link'}
      </Button>
    </form>
  );
}
