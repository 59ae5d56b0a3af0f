import QRCode from 'qrcode';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { AUTH_MESSAGES } from '../../../../core/auth-validation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { authClient, authErrorMessage, type AuthUser } from '../../../lib/auth-client';
import { BackupCodes } from './backup-codes';
import { SettingsSection, StatusBadge } from './section';
import { SetPasswordHint } from './set-password-hint';

type PasswordAction = 'enable' | 'disable' | 'backup-codes';

type Step =
  | { kind: 'idle' }
  | { kind: 'password'; action: PasswordAction }
  | { kind: 'enrol'; totpURI: string; secret: string; backupCodes: string[] }
  | { kind: 'new-codes'; backupCodes: string[] };

const ACTION_TEXT: Record<PasswordAction, { intro: string; submit: string; busy: string }> = {
  enable: {
    intro: 'Confirm your password to set up an authenticator app.',
    submit: 'Continue',
    busy: 'Checking...',
  },
  disable: {
    intro: 'Confirm your password to turn off two-factor authentication.',
    submit: 'Disable two-factor',
    busy: 'Disabling...',
  },
  'backup-codes': {
    intro: 'Confirm your password to replace your backup codes. The old codes stop working.',
    submit: 'Generate new codes',
    busy: 'Generating...',
  },
};

function secretOf(totpURI: string): string {
  try {
    return new URL(totpURI).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

/** Groups a base32 secret in fours so it can be typed by hand. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function QrCode({ value }: { value: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    QRCode.toDataURL(value, { margin: 1, width: 208, errorCorrectionLevel: 'M' })
      .then((url) => {
        if (active) setDataUrl(url);
      })
      .catch(() => setDataUrl(null));
    return () => {
      active = false;
    };
  }, [value]);
  return (
    <div
      data-testid="qr-tile"
      className="flex size-56 shrink-0 items-center justify-center rounded-xl bg-white p-2"
    >
      {dataUrl ? (
        <img
          src={dataUrl}
          width={208}
          height={208}
          className="block size-52"
          alt="QR code to scan with your authenticator app"
          data-totp-uri={value}
        />
      ) : (
        <Spinner className="text-neutral-500" />
      )}
    </div>
  );
}

export function TwoFactorSection({ user, hasPassword }: { user: AuthUser; hasPassword: boolean }) {
  const enabled = Boolean(user.twoFactorEnabled);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const goIdle = () => {
    setStep({ kind: 'idle' });
    setPassword('');
    setCode('');
    setError(null);
  };

  const askPassword = (action: PasswordAction) => {
    setPassword('');
    setError(null);
    setStep({ kind: 'password', action });
  };

  const submitPassword = async (event: FormEvent<HTMLFormElement>, action: PasswordAction) => {
    event.preventDefault();
    if (password === '') {
      setError(AUTH_MESSAGES.passwordRequired);
      return;
    }
    setError(null);
    setPending(true);
    try {
      if (action === 'enable') {
        const { data, error: failure } = await authClient.twoFactor.enable({
          password,
          method: 'totp',
        });
        if (failure) throw failure;
        if (!data || data.method !== 'totp') throw new Error('Could not start the set-up.');
        setStep({
          kind: 'enrol',
          totpURI: data.totpURI,
          secret: secretOf(data.totpURI),
          backupCodes: data.backupCodes,
        });
      } else if (action === 'disable') {
        const { error: failure } = await authClient.twoFactor.disable({ password });
        if (failure) throw failure;
        toast.success('Two-factor authentication disabled', {
          description: 'Signing in now needs only your password.',
        });
        goIdle();
      } else {
        const { data, error: failure } = await authClient.twoFactor.generateBackupCodes({
          password,
        });
        if (failure || !data) throw failure ?? new Error('Could not generate backup codes.');
        toast.success('New backup codes generated', {
          description: 'Save them now: your old codes no longer work.',
        });
        setStep({ kind: 'new-codes', backupCodes: data.backupCodes });
      }
      setPassword('');
    } catch (caught) {
      const message = authErrorMessage(caught);
      setError(message);
      toast.error('Two-factor authentication', { description: message });
    } finally {
      setPending(false);
    }
  };

  const confirmEnrolment = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(value)) {
      setError('Please enter the 6-digit code from your authenticator app');
      return;
    }
    setError(null);
    setPending(true);
    try {
      const { error: failure } = await authClient.twoFactor.verifyTotp({ code: value });
      if (failure) throw failure;
      toast.success('Two-factor authentication enabled', {
        description: 'From now on, signing in asks for a code from your app.',
      });
      goIdle();
    } catch (caught) {
      const message = authErrorMessage(caught);
      setError(message);
      toast.error('Code not accepted', { description: message });
    } finally {
      setPending(false);
    }
  };

  return (
    <SettingsSection
      id="two-factor"
      icon={ShieldCheck}
      title="Two-factor authentication"
      description="Protect your account with a code from an authenticator app."
      aside={<StatusBadge ok={enabled}>{enabled ? 'Enabled' : 'Disabled'}</StatusBadge>}
    >
      {step.kind === 'idle' && !hasPassword ? (
        <SetPasswordHint email={user.email}>
          Two-factor settings are confirmed with your password, and your account has none yet.
        </SetPasswordHint>
      ) : null}

      {step.kind === 'idle' && hasPassword ? (
        <div className="flex flex-wrap gap-2">
          {enabled ? (
            <>
              <Button variant="outline" onClick={() => askPassword('backup-codes')}>
                Regenerate backup codes
              </Button>
              <Button variant="outline" onClick={() => askPassword('disable')}>
                Disable two-factor
              </Button>
            </>
          ) : (
            <Button onClick={() => askPassword('enable')}>Enable two-factor authentication</Button>
          )}
        </div>
      ) : null}

      {step.kind === 'password' ? (
        <form
          noValidate
          onSubmit={(event) => void submitPassword(event, step.action)}
          className="max-w-md space-y-4"
        >
          <p className="text-sm text-muted-foreground">{ACTION_TEXT[step.action].intro}</p>
          {error ? <Alert>{error}</Alert> : null}
          <input type="text" name="username" autoComplete="username" hidden readOnly />
          <FormField
            id="two-factor-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoFocus
          />
          <div className="flex gap-2">
            <Button
              type="submit"
              variant={step.action === 'disable' ? 'destructive' : 'primary'}
              disabled={pending}
            >
              {pending ? <Spinner /> : null}
              {pending ? ACTION_TEXT[step.action].busy : ACTION_TEXT[step.action].submit}
            </Button>
            <Button variant="ghost" onClick={goIdle} disabled={pending}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}

      {step.kind === 'enrol' ? (
        <div className="space-y-6">
          <ol className="space-y-6">
            <li className="space-y-3">
              <h3 className="font-medium">1. Scan this QR code with your authenticator app</h3>
              <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
                <QrCode value={step.totpURI} />
                <div className="space-y-2 text-sm">
                  <p className="text-muted-foreground">
                    Can&apos;t scan it? Enter this setup key in the app instead:
                  </p>
                  <code
                    data-testid="totp-secret"
                    data-secret={step.secret}
                    className="block rounded-lg bg-muted px-3 py-2 font-mono text-sm tracking-wider break-all"
                  >
                    {groupSecret(step.secret)}
                  </code>
                </div>
              </div>
            </li>
            <li className="space-y-3">
              <h3 className="font-medium">2. Save your backup codes</h3>
              <p className="text-sm text-muted-foreground">
                Each code signs you in once if you lose your phone. They are shown only now.
              </p>
              <BackupCodes codes={step.backupCodes} />
            </li>
            <li className="space-y-3">
              <h3 className="font-medium">3. Enter the code from the app</h3>
              <form noValidate onSubmit={confirmEnrolment} className="max-w-xs space-y-4">
                {error ? <Alert>{error}</Alert> : null}
                <FormField
                  id="enrol-code"
                  label="Verification code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  placeholder="123456"
                  className="font-mono tracking-[0.3em]"
                  value={code}
                  onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
                />
                <div className="flex gap-2">
                  <Button type="submit" disabled={pending}>
                    {pending ? <Spinner /> : null}
                    {pending ? 'Verifying...' : 'Verify and enable'}
                  </Button>
                  <Button variant="ghost" onClick={goIdle} disabled={pending}>
                    Cancel
                  </Button>
                </div>
              </form>
            </li>
          </ol>
        </div>
      ) : null}

      {step.kind === 'new-codes' ? (
        <div className="space-y-4">
          <p className="text-sm text-muted-foreground">
            Your new backup codes. Save them somewhere safe: they are shown only now.
          </p>
          <BackupCodes codes={step.backupCodes} />
          <Button onClick={goIdle}>Done</Button>
        </div>
      ) : null}
    </SettingsSection>
  );
}
