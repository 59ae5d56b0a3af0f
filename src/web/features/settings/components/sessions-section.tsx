import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Laptop, MonitorSmartphone, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useRevokeAllApiTokens } from '../api/api-tokens';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadingMessage, Spinner } from '../../../components/ui/spinner';
import { authClient, authErrorMessage } from '../../../lib/auth-client';

export const sessionsQueryKey = ['auth', 'sessions'] as const;

interface SessionRow {
  id: string;
  token?: string;
  userAgent?: string | null;
  ipAddress?: string | null;
  createdAt: string | Date;
  updatedAt?: string | Date;
}

async function listSessions(): Promise<SessionRow[]> {
  const { data, error } = await authClient.listSessions();
  if (error) throw new Error(authErrorMessage(error));
  return (data ?? []) as SessionRow[];
}

function describeAgent(agent: string | null | undefined): { label: string; mobile: boolean } {
  if (!agent) return { label: 'Unknown device', mobile: false };
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iOS'
      : /Mac OS X/.test(agent)
        ? 'macOS'
        : /Windows/.test(agent)
          ? 'Windows'
          : /Linux/.test(agent)
            ? 'Linux'
            : 'unknown system';
  return { label: `${browser} on ${system}`, mobile: /Mobile|Android|iPhone/.test(agent) };
}

/** Hides addresses that say nothing to a user (unknown or unspecified). */
function displayAddress(address: string | null | undefined): string | null {
  if (!address || /^[0:.]*$/.test(address) || address === 'unknown') return null;
  return address;
}

function formatWhen(value: string | Date | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function SessionsSection({ currentSessionId }: { currentSessionId: string | undefined }) {
  const queryClient = useQueryClient();
  // Keyed by the current session: when better-auth replaces it (turning two-factor on or off
  // does), the list is read again, so 'This device' follows the new session.
  const sessions = useQuery({
    queryKey: [...sessionsQueryKey, currentSessionId],
    queryFn: listSessions,
    staleTime: 0,
  });
  const [pending, setPending] = useState(false);
  const others = (sessions.data ?? []).filter((session) => session.id !== currentSessionId);

  const revokeTokens = useRevokeAllApiTokens();
  const [andTokens, setAndTokens] = useState(false);

  const revokeOthers = async () => {
    setPending(true);
    try {
      const { error } = await authClient.revokeOtherSessions();
      if (error) throw error;
      if (andTokens) await revokeTokens.mutateAsync();
      toast.success('Signed out of other sessions', {
        description: andTokens
          ? 'Only this device is still signed in, and every API token was revoked.'
          : 'Only this device is still signed in.',
      });
      await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    } catch (caught) {
      toast.error('Could not sign out other sessions', { description: authErrorMessage(caught) });
    } finally {
      setPending(false);
    }
  };

  return (
    <section
      aria-labelledby="sessions-title"
      className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-primary">
            <MonitorSmartphone aria-hidden="true" className="size-5" />
          </div>
          <div>
            <h2 id="sessions-title" className="text-lg font-semibold">
              Active sessions
            </h2>
            <p className="mt-0.5 text-sm text-muted-foreground">
              Devices where you are signed in to Mnemo.
            </p>
          </div>
        </div>
        <div className="flex flex-col items-end gap-2">
          <Button
            variant="outline"
            onClick={() => void revokeOthers()}
            disabled={pending || others.length === 0}
          >
            {pending ? <Spinner /> : null}
            Sign out other sessions
          </Button>
          <label className="flex cursor-pointer items-center gap-2 text-sm text-muted-foreground">
            <input
              type="checkbox"
              checked={andTokens}
              onChange={(event) => setAndTokens(event.target.checked)}
              className="size-4 accent-[var(--primary)]"
            />
            and revoke all API tokens
          </label>
        </div>
      </div>
      <div className="mt-5">
        {sessions.isPending ? (
          <LoadingMessage message="Loading sessions..." />
        ) : sessions.isError ? (
          <Alert>{sessions.error.message}</Alert>
        ) : (
          <ul className="divide-y divide-border rounded-xl border border-border">
            {(sessions.data ?? []).map((session) => {
              const { label, mobile } = describeAgent(session.userAgent);
              const Icon = mobile ? Smartphone : Laptop;
              const current = session.id === currentSessionId;
              return (
                <li key={session.id} className="flex items-center gap-3 px-4 py-3">
                  <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium">
                      {label}
                      {current ? (
                        <span className="ml-2 rounded-full bg-primary/15 px-2 py-0.5 text-xs font-semibold text-primary">
                          This device
                        </span>
                      ) : null}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {[
                        displayAddress(session.ipAddress),
                        `signed in ${formatWhen(session.createdAt)}`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
