import { type FormEvent, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { authClient, authErrorMessage } from '../../../lib/auth-client';

/** The server's answer when a change needs the password again (src/server/auth/reauth.ts). */
export const REAUTH_CODE = 'REAUTH_REQUIRED';

export function needsReauth(error: unknown): boolean {
  if (error instanceof ApiError) return error.code === REAUTH_CODE;
  const record = error as { code?: unknown; status?: unknown } | null;
  return record?.code === REAUTH_CODE;
}

/**
 * `guard(work)` runs a change; when the server asks for the password again (a session signed
 * in more than a few minutes ago), a dialog asks for it, confirms it and runs the change again.
 */
export function useConfirmPassword() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const retry = useRef<(() => void) | null>(null);

  const ask = (again: () => void) => {
    retry.current = again;
    setPassword('');
    setError(null);
    setOpen(true);
  };

  /**
   * Runs `work`; when it throws, or answers `{ error }` (better-auth's client), with the
   * re-authentication code, asks for the password and runs it again once it is confirmed.
   */
  const guard = async <T,>(work: () => Promise<T>): Promise<T | undefined> => {
    try {
      const result = await work();
      const failure = (result as { error?: unknown } | null | undefined)?.error;
      if (failure && needsReauth(failure)) ask(() => void guard(work));
      return result;
    } catch (caught) {
      if (!needsReauth(caught)) throw caught;
      ask(() => void guard(work).catch(() => undefined));
      return undefined;
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    const { error: failure } = await authClient.$fetch('/account/confirm-password', {
      method: 'POST',
      body: { password },
    });
    setPending(false);
    if (failure) {
      setError(authErrorMessage(failure, 'Could not confirm the password.'));
      return;
    }
    setOpen(false);
    retry.current?.();
    retry.current = null;
  };

  const dialog = (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        title="Confirm your password"
        description="This change protects your account, so Mnemo asks for your password again."
      >
        <form noValidate onSubmit={submit} className="space-y-4">
          <FormField
            id="confirm-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {error ? <Alert>{error}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending || password === ''}>
              {pending ? <Spinner /> : null}
              Confirm
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );

  return { guard, dialog };
}
