import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { authClient, authErrorMessage } from '../../../lib/auth-client';

/**
 * Accounts that signed in only by e-mail link or provider have no password (better-auth also
 * removes the password of an unverified account when its owner proves the e-mail by magic
 * link). A reset link sets one.
 */
export function SetPasswordHint({ email, children }: { email: string; children: string }) {
  const [pending, setPending] = useState(false);
  const send = async () => {
    setPending(true);
    try {
      const redirectTo = `${window.location.origin}/auth/reset-password?email=${encodeURIComponent(
        email,
      )}&returnTo=${encodeURIComponent('/settings')}`;
      const { error } = await authClient.requestPasswordReset({ email, redirectTo });
      if (error) throw error;
      toast.success('Check your email', {
        description: `We've sent a link to set your password to ${email}`,
      });
    } catch (caught) {
      toast.error('Could not send the email', { description: authErrorMessage(caught) });
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">{children}</p>
      <Button variant="outline" onClick={() => void send()} disabled={pending}>
        {pending ? <Spinner /> : null}
        Email me a link to set a password
      </Button>
    </div>
  );
}
