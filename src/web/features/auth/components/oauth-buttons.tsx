import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { authClient, authErrorMessage } from '../../../lib/auth-client';
import { useAppConfig } from '../api/get-config';

const PROVIDERS = {
  google: { label: 'Continue with Google', Icon: GoogleIcon },
  github: { label: 'Continue with GitHub', Icon: GitHubIcon },
} as const;

type ProviderId = keyof typeof PROVIDERS;

/** One button per configured OAuth provider (GET /api/config); nothing when none is. */
export function OAuthButtons({
  returnTo,
  onError,
}: {
  returnTo: string;
  onError: (message: string) => void;
}) {
  const config = useAppConfig();
  const [pending, setPending] = useState<ProviderId | null>(null);
  const providers = (config.data?.oauthProviders ?? []).filter(
    (id): id is ProviderId => id in PROVIDERS,
  );
  if (providers.length === 0) return null;

  const start = async (provider: ProviderId) => {
    setPending(provider);
    const encoded = encodeURIComponent(returnTo);
    const { error } = await authClient.signIn.social({
      provider,
      callbackURL: `/auth/callback?returnTo=${encoded}`,
      errorCallbackURL: `/login?returnTo=${encoded}`,
    });
    // On success the browser is already on its way to the provider.
    if (error) {
      setPending(null);
      onError(authErrorMessage(error));
    }
  };

  return (
    <div className="space-y-4">
      <div className="grid gap-2.5">
        {providers.map((id) => {
          const { label, Icon } = PROVIDERS[id];
          return (
            <Button
              key={id}
              variant="outline"
              className="w-full"
              disabled={pending !== null}
              onClick={() => void start(id)}
            >
              {pending === id ? <Spinner /> : <Icon />}
              {label}
            </Button>
          );
        })}
      </div>
      <div className="flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        or continue with email
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-4">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.28-4.74 3.28-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.94l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1 7.7 1 3.99 3.47 2.18 7.06l3.66 2.84c.87-2.6 3.3-4.52 6.16-4.52z"
      />
    </svg>
  );
}

function GitHubIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-4">
      <path
        fill="currentColor"
        d="M12 .3a12 12 0 0 0-3.8 23.4c.6.1.8-.3.8-.6v-2c-3.3.7-4-1.6-4-1.6-.6-1.4-1.4-1.8-1.4-1.8-1-.7.1-.7.1-.7 1.2.1 1.8 1.2 1.8 1.2 1 1.8 2.8 1.3 3.5 1 0-.8.4-1.3.7-1.6-2.7-.3-5.5-1.3-5.5-6 0-1.2.5-2.3 1.3-3.1-.2-.4-.6-1.6 0-3.2 0 0 1-.3 3.4 1.2a11.5 11.5 0 0 1 6 0c2.3-1.5 3.3-1.2 3.3-1.2.6 1.6.2 2.8.1 3.2.8.8 1.3 1.9 1.3 3.2 0 4.6-2.8 5.6-5.5 5.9.5.4.9 1.1.9 2.2v3.3c0 .3.1.7.8.6A12 12 0 0 0 12 .3"
      />
    </svg>
  );
}
