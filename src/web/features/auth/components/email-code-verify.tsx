import { type FormEvent, useState } from 'react';
import { EMAIL_CODE_MESSAGES } from '../../../../core/auth-validation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { authClient, authErrorMessage } from '../../../lib/auth-client';
import { sendSignInCode } from './email-code-form';

function codeMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && EMAIL_CODE_MESSAGES[code]) || authErrorMessage(error);
}

/**
 * The verify_otp view for a code sent by e-mail: six digits, three tries, five minutes; a new
 * code can be asked for. Success signs in, or asks for the second factor when the account has one.
 */
export function EmailCodeVerify({
  email,
  onError,
  onTwoFactorRequired,
}: {
  email: string;
  onError: (message: string | null) => void;
  onTwoFactorRequired: () => void;
}) {
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [resent, setResent] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      onError(EMAIL_CODE_MESSAGES.codeRequired ?? null);
      return;
    }
    onError(null);
    setPending(true);
    try {
      const { data, error } = await authClient.signIn.emailOtp({ email, otp: code });
      if (error) onError(codeMessage(error));
      else if ((data as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect) {
        onTwoFactorRequired();
      }
    } catch (error) {
      onError(codeMessage(error));
    } finally {
      setPending(false);
    }
  };

  const resend = async () => {
    onError(null);
    setResent(false);
    setCode('');
    const problem = await sendSignInCode(email);
    if (problem) onError(problem);
    else setResent(true);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {resent ? <Alert variant="success">A new code is on its way to {email}.</Alert> : null}
      <p className="text-sm text-muted-foreground">
        We sent a 6-digit code to <span className="font-medium text-foreground">{email}</span>. It
        expires in 5 minutes.
      </p>
      <FormField
        id="email-code"
        label="Code from the e-mail"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        placeholder="123456"
        className="text-center font-mono text-lg tracking-[0.4em]"
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        autoFocus
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? <Spinner /> : null}
        {pending ? 'Verifying...' : 'Sign in'}
      </Button>
      <button
        type="button"
        onClick={() => void resend()}
        className="w-full text-center text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        Send a new code
      </button>
    </form>
  );
}
