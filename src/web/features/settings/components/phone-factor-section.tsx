import { Smartphone } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import { authClient, authErrorMessage } from '../../../lib/auth-client';
import { toast } from '../../../lib/toast';
import { needsReauth, useConfirmPassword } from './confirm-password';
import { SettingsSection, StatusBadge } from './section';

const E164 = /^\+[1-9]\d{6,14}$/;
export const PHONE_NUMBER_MESSAGE =
  'Enter the number in international form: a plus, the country code and the number, like +15551234567';

type Step = 'number' | 'confirm' | 'turn_on';

/**
 * Settings → Phone: confirm a number with a code sent to it, then turn on sign-in codes by SMS
 * (the phone factor beside the authenticator app).
 */
export function PhoneFactorSection() {
  const { user, refetch } = useAuth();
  const account = user as {
    phoneNumber?: string | null;
    phoneNumberVerified?: boolean;
    twoFactorEnabled?: boolean;
  } | null;
  const confirmed = account?.phoneNumberVerified ? (account.phoneNumber ?? null) : null;
  const [step, setStep] = useState<Step>(confirmed ? 'turn_on' : 'number');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const phoneProblem = E164.test(phone.trim()) ? null : PHONE_NUMBER_MESSAGE;
  const reauth = useConfirmPassword();

  const run = async (work: () => Promise<{ error: unknown } | undefined>) => {
    setError(null);
    setPending(true);
    try {
      const answer = await work();
      if (answer?.error) {
        setError(authErrorMessage(answer.error));
        return false;
      }
      return true;
    } catch (caught) {
      setError(authErrorMessage(caught));
      return false;
    } finally {
      setPending(false);
    }
  };

  const sendNumberCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (phoneProblem) return;
    const number = phone.trim();
    await reauth.guard(async () => {
      const answer = await authClient.phoneNumber.sendOtp({ phoneNumber: number });
      if (needsReauth(answer.error)) return answer;
      if (answer.error) {
        setError(authErrorMessage(answer.error));
        return answer;
      }
      setError(null);
      setCode('');
      setStep('confirm');
      return answer;
    });
  };

  const confirmNumber = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ok = await run(() =>
      authClient.phoneNumber.verify({ phoneNumber: phone.trim(), code, updatePhoneNumber: true }),
    );
    if (ok) {
      await refetch();
      setCode('');
      setCodeSent(false);
      setStep('turn_on');
      toast.success('Phone number confirmed', { description: phone.trim() });
    }
  };

  const sendSignInCode = async () => {
    if (await run(() => authClient.twoFactor.sendOtp({}))) setCodeSent(true);
  };

  const turnOn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ok = await run(() => authClient.twoFactor.verifyOtp({ code }));
    if (ok) {
      await refetch();
      setCode('');
      toast.success('Codes by SMS are on', {
        description: 'Signing in now asks for a code sent to your phone.',
      });
    }
  };

  const codeField = (
    <FormField
      id="phone-code"
      label="Code from the SMS"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="123456"
      value={code}
      onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
    />
  );

  return (
    <SettingsSection
      id="phone-factor"
      icon={Smartphone}
      title="Phone"
      description="A code by SMS as a second step when you sign in."
      aside={
        <StatusBadge ok={Boolean(confirmed && account?.twoFactorEnabled)}>
          {confirmed ? `Number ${confirmed}` : 'No number'}
        </StatusBadge>
      }
    >
      <div className="max-w-md space-y-4">
        {reauth.dialog}
        {error ? <Alert>{error}</Alert> : null}
        {step === 'number' ? (
          <form noValidate onSubmit={sendNumberCode} className="space-y-4">
            <FormField
              id="phone-number"
              label="Phone number"
              type="tel"
              autoComplete="tel"
              placeholder="+15551234567"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              error={phoneProblem}
              submitted={submitted}
            />
            <Button type="submit" disabled={pending}>
              {pending ? <Spinner /> : null}
              Send confirmation code
            </Button>
          </form>
        ) : null}
        {step === 'confirm' ? (
          <form noValidate onSubmit={confirmNumber} className="space-y-4">
            <p className="text-sm text-muted-foreground">We sent a code to {phone.trim()}.</p>
            {codeField}
            <Button type="submit" disabled={pending || code.length !== 6}>
              {pending ? <Spinner /> : null}
              Confirm number
            </Button>
          </form>
        ) : null}
        {step === 'turn_on' && account?.twoFactorEnabled ? (
          <p className="text-sm text-muted-foreground">
            Sign-in can ask for a code sent to {confirmed}.
          </p>
        ) : null}
        {step === 'turn_on' && !account?.twoFactorEnabled ? (
          codeSent ? (
            <form noValidate onSubmit={turnOn} className="space-y-4">
              <p className="text-sm text-muted-foreground">
                Enter the code we just sent to {confirmed ?? phone.trim()}.
              </p>
              {codeField}
              <Button type="submit" disabled={pending || code.length !== 6}>
                {pending ? <Spinner /> : null}
                Turn on codes by SMS
              </Button>
            </form>
          ) : (
            <Button onClick={() => void sendSignInCode()} disabled={pending}>
              {pending ? <Spinner /> : null}
              Use this phone to sign in
            </Button>
          )
        ) : null}
      </div>
    </SettingsSection>
  );
}
