import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useRevokeAllApiTokens } from '../api/api-tokens';
import { toast } from '../../../lib/toast';
import { AUTH_MESSAGES, validatePassword } from '../../../../core/auth-validation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { authClient, authErrorMessage } from '../../../lib/auth-client';
import { SettingsSection } from './section';
import { SetPasswordForm } from './set-password-form';

export function ChangePasswordSection({
  hasPassword,
  onSessionsChanged,
}: {
  hasPassword: boolean;
  onSessionsChanged: () => void;
}) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [revokeOthers, setRevokeOthers] = useState(true);
  const [revokeTokens, setRevokeTokens] = useState(false);
  const revokeAllTokens = useRevokeAllApiTokens();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  /** Bumped after a change, so the emptied fields start untouched. */
  const [formKey, setFormKey] = useState(0);
  const currentProblem = current === '' ? AUTH_MESSAGES.passwordRequired : null;
  const nextProblem = validatePassword(next);
  const confirmationProblem =
    nextProblem || confirmation === next ? null : AUTH_MESSAGES.passwordsDoNotMatch;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    if (currentProblem || nextProblem || confirmationProblem) return;
    setPending(true);
    try {
      const { error: failure } = await authClient.changePassword({
        currentPassword: current,
        newPassword: next,
        revokeOtherSessions: revokeOthers,
      });
      if (failure) {
        const message = authErrorMessage(failure);
        setError(message);
        toast.error('Password not changed', { description: message });
        return;
      }
      if (revokeTokens) await revokeAllTokens.mutateAsync();
      setCurrent('');
      setNext('');
      setConfirmation('');
      setSubmitted(false);
      setFormKey((key) => key + 1);
      toast.success('Password changed', {
        description: revokeOthers
          ? 'Your password has been updated and your other sessions were signed out.'
          : 'Your password has been updated.',
      });
      if (revokeOthers) onSessionsChanged();
    } catch (caught) {
      setError(authErrorMessage(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <SettingsSection
      id="password"
      icon={KeyRound}
      title="Change password"
      description="Use at least 8 characters."
    >
      {hasPassword ? null : <SetPasswordForm />}
      <form
        key={formKey}
        hidden={!hasPassword}
        noValidate
        onSubmit={submit}
        className="max-w-md space-y-4"
      >
        {error ? <Alert>{error}</Alert> : null}
        <input type="text" name="username" autoComplete="username" hidden readOnly />
        <FormField
          id="current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          error={currentProblem}
          submitted={submitted}
        />
        <FormField
          id="settings-new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
          error={nextProblem}
          submitted={submitted}
        />
        <FormField
          id="settings-confirm-password"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={confirmationProblem}
          submitted={submitted}
        />
        <label className="flex cursor-pointer items-center gap-2.5 text-sm">
          <input
            type="checkbox"
            checked={revokeOthers}
            onChange={(event) => setRevokeOthers(event.target.checked)}
            className="size-4 accent-[var(--primary)]"
          />
          Sign out of all other sessions
        </label>
        <label className="flex cursor-pointer items-center gap-2.5 text-sm">
          <input
            type="checkbox"
            checked={revokeTokens}
            onChange={(event) => setRevokeTokens(event.target.checked)}
            className="size-4 accent-[var(--primary)]"
          />
          Revoke all API tokens too
        </label>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner /> : null}
          {pending ? 'Changing...' : 'Change password'}
        </Button>
      </form>
    </SettingsSection>
  );
}
