import { Mail } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { authClient, authErrorMessage, type AuthUser } from '../../../lib/auth-client';
import { SettingsSection, StatusBadge } from './section';

export function AccountSection({ user }: { user: AuthUser }) {
  const [sending, setSending] = useState(false);

  const resend = async () => {
    setSending(true);
    try {
      const { error } = await authClient.sendVerificationEmail({
        email: user.email,
        callbackURL: `/auth/callback?returnTo=${encodeURIComponent('/settings')}`,
      });
      if (error) {
        toast.error('Could not send the email', { description: authErrorMessage(error) });
      } else {
        toast.success('Verification email sent', {
          description: `Check ${user.email} for the confirmation link.`,
        });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <SettingsSection id="account" icon={Mail} title="Account" description="Your sign-in e-mail.">
      <dl className="grid gap-4 sm:grid-cols-[10rem_1fr] sm:items-center">
        <dt className="text-sm text-muted-foreground">Email</dt>
        <dd className="font-medium break-all" data-testid="account-email">
          {user.email}
        </dd>
        <dt className="text-sm text-muted-foreground">Status</dt>
        <dd className="flex flex-wrap items-center gap-3">
          <StatusBadge ok={user.emailVerified}>
            {user.emailVerified ? 'Verified' : 'Not verified'}
          </StatusBadge>
          {user.emailVerified ? null : (
            <Button variant="outline" size="sm" onClick={() => void resend()} disabled={sending}>
              {sending ? <Spinner /> : null}
              Resend verification email
            </Button>
          )}
        </dd>
      </dl>
    </SettingsSection>
  );
}
