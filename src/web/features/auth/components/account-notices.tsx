import { useQueryClient } from '@tanstack/react-query';
import { MailWarning, ShieldAlert, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import {
  accountNoticesQueryKey,
  dismissPasswordRemovedNotice,
  resendConfirmation,
  useAccountNotices,
} from '../api/account';

const DISMISSED_KEY = 'mnemo-confirm-email-dismissed';

function readDismissed(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === userId;
  } catch {
    return false;
  }
}

function Notice({
  icon: Icon,
  label,
  children,
  onDismiss,
}: {
  icon: typeof MailWarning;
  label: string;
  children: ReactNode;
  onDismiss: () => void;
}) {
  return (
    <div role="region" aria-label={label} className="border-b border-border bg-muted/60">
      <div className="mx-auto flex w-full max-w-6xl items-start gap-3 px-4 py-3 text-sm sm:px-6">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-2">{children}</div>
        <Button variant="ghost" size="icon" aria-label="Dismiss" onClick={onDismiss}>
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </div>
  );
}

/**
 * Banners under the header for the signed-in user: 'Confirm your e-mail' (with a resend button,
 * dismissible for this browser session) until the address is confirmed, and a notice that the
 * password was removed when better-auth did so on a magic-link sign-in to an unconfirmed account.
 */
export function AccountNotices() {
  const { user } = useAuth();
  const location = useLocation();
  const queryClient = useQueryClient();
  const notices = useAccountNotices(user?.id);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (!user) return null;

  const confirmDismissed = dismissedFor === user.id || readDismissed(user.id);
  const dismissConfirm = () => {
    setDismissedFor(user.id);
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, user.id);
    } catch {
      // Dismissed for this page only.
    }
  };
  const resend = async () => {
    setSending(true);
    try {
      await resendConfirmation(user.email, `${location.pathname}${location.search}`);
      toast.success('Verification email sent', {
        description: `Check ${user.email} for the confirmation link.`,
      });
    } catch (caught) {
      toast.error('Could not send the email', {
        description: caught instanceof Error ? caught.message : undefined,
      });
    } finally {
      setSending(false);
    }
  };
  const dismissPasswordRemoved = async () => {
    queryClient.setQueryData([...accountNoticesQueryKey, user.id], { passwordRemoved: false });
    await dismissPasswordRemovedNotice().catch(() => undefined);
  };

  return (
    <>
      {notices.data?.passwordRemoved ? (
        <Notice
          icon={ShieldAlert}
          label="Password removed"
          onDismiss={() => void dismissPasswordRemoved()}
        >
          <p>
            <span className="font-semibold">Your password was removed.</span> You signed in with a
            link sent to your e-mail before the address was confirmed, so the password set earlier
            was removed in case someone else had set it.
          </p>
          <Link
            to="/settings#password"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Set a password in Settings
          </Link>
        </Notice>
      ) : null}
      {user.emailVerified || confirmDismissed ? null : (
        <Notice icon={MailWarning} label="Confirm your e-mail" onDismiss={dismissConfirm}>
          <p>
            <span className="font-semibold">Confirm your e-mail.</span> We sent a confirmation link
            to {user.email}.
          </p>
          <Button variant="outline" size="sm" onClick={() => void resend()} disabled={sending}>
            {sending ? <Spinner /> : null}
            Resend email
          </Button>
        </Notice>
      )}
    </>
  );
}
