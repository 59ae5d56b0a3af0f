import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { authClient, authErrorMessage } from '../../../lib/auth-client';

const TOTP_PATTERN = /^\d{6}$/;

/**
 * The second step of sign-in for accounts with two-factor authentication: a 6-digit code
 * from the authenticator app, or one of the backup codes. Success creates the session.
 */
export function VerifyOtpForm({ onError }: { onError: (message: string | null) => void }) {
  const [useBackupCode, setUseBackupCode] = useState(false);
  /** A code was sent by SMS to the account's phone: the field takes that code. */
  const [bySms, setBySms] = useState(false);
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  /** The account's factors (GET /api/auth/two-factor/methods): SMS only when it has a phone. */
  const [canText, setCanText] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/auth/two-factor/methods', { signal: controller.signal, credentials: 'same-origin' })
      .then((response) => (response.ok ? response.json() : { methods: [] }))
      .then((body: { methods?: string[] }) => setCanText(body.methods?.includes('otp') ?? false))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = code.replace(/\s+/g, '');
    if (!useBackupCode && !TOTP_PATTERN.test(value)) {
      onError(
        bySms
          ? 'Please enter the 6-digit code from the SMS'
          : 'Please enter the 6-digit code from your authenticator app',
      );
      return;
    }
    if (useBackupCode && value === '') {
      onError('Please enter one of your backup codes');
      return;
    }
    onError(null);
    setPending(true);
    try {
      const { error } = useBackupCode
        ? await authClient.twoFactor.verifyBackupCode({ code: value })
        : bySms
          ? await authClient.twoFactor.verifyOtp({ code: value, trustDevice: false })
          : await authClient.twoFactor.verifyTotp({ code: value, trustDevice: false });
      if (error) onError(authErrorMessage(error));
    } catch (error) {
      onError(authErrorMessage(error));
    } finally {
      setPending(false);
    }
  };

  const toggle = () => {
    setUseBackupCode((current) => !current);
    setBySms(false);
    setCode('');
    onError(null);
  };

  const textMe = async () => {
    onError(null);
    setCode('');
    try {
      const { error } = await authClient.twoFactor.sendOtp({});
      if (error) onError(authErrorMessage(error));
      else {
        setUseBackupCode(false);
        setBySms(true);
      }
    } catch (error) {
      onError(authErrorMessage(error));
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-muted-foreground">
        {useBackupCode
          ? 'Enter one of the backup codes you saved when you turned on two-factor authentication. Each code works once.'
          : bySms
            ? 'We sent a 6-digit code by SMS to the phone number on your account.'
            : 'Open your authenticator app and enter the 6-digit code for Mnemo.'}
      </p>
      {useBackupCode ? (
        <FormField
          key="backup"
          id="backup-code"
          label="Backup code"
          name="backupCode"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoFocus
        />
      ) : (
        <FormField
          key="totp"
          id="otp-code"
          label={bySms ? 'Code from the SMS' : 'Authentication code'}
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
      )}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? <Spinner /> : null}
        {pending ? 'Verifying...' : 'Verify'}
      </Button>
      <button
        type="button"
        onClick={toggle}
        className="w-full text-center text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {useBackupCode ? 'Use your authenticator app instead' : 'Use a backup code instead'}
      </button>
      {bySms || !canText ? null : (
        <button
          type="button"
          onClick={() => void textMe()}
          className="w-full text-center text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Text me a code instead
        </button>
      )}
    </form>
  );
}
