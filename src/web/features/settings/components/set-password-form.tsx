import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../lib/toast';
import { validateNewPassword } from '../../../../core/auth-validation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { accountNoticesQueryKey, setAccountPassword } from '../../auth/api/account';
import { accountsQueryKey } from '../api/get-accounts';

/**
 * For a signed-in account without a password (signed up by e-mail link or provider, or whose
 * password better-auth removed on a magic-link sign-in to an unconfirmed address).
 */
export function SetPasswordForm() {
  const queryClient = useQueryClient();
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateNewPassword(next, confirmation);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setPending(true);
    try {
      await setAccountPassword(next);
      toast.success('Password set', { description: 'You can now sign in with your password.' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
        queryClient.invalidateQueries({ queryKey: accountNoticesQueryKey }),
      ]);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Could not set the password.');
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="max-w-md space-y-4">
      <p className="text-sm text-muted-foreground">
        Your account has no password yet: you sign in with an e-mail link or a provider. Set one
        here to sign in with your e-mail and password too.
      </p>
      {error ? <Alert>{error}</Alert> : null}
      <input type="text" name="username" autoComplete="username" hidden readOnly />
      <FormField
        id="set-new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(event) => setNext(event.target.value)}
      />
      <FormField
        id="set-confirm-password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      <Button type="submit" disabled={pending}>
        {pending ? <Spinner /> : null}
        {pending ? 'Setting...' : 'Set password'}
      </Button>
    </form>
  );
}
