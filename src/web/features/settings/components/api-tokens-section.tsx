import { Check, Copy, KeySquare, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_NAME_MAX,
  type ApiToken,
} from '../../../../core/api-token-schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { LoadingMessage, Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast';
import { errorMessage, formatDate } from '../../decks/utils';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens';
import { needsReauth, useConfirmPassword } from './confirm-password';
import { SettingsSection } from './section';

function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return API_TOKEN_MESSAGES.nameRequired;
  if (trimmed.length > API_TOKEN_NAME_MAX) return API_TOKEN_MESSAGES.nameTooLong;
  return null;
}

/** The token just created: shown once, with a copy button. */
function NewToken({ token, onDone }: { token: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      toast.error('Could not copy', { description: 'Select the token and copy it yourself.' });
    }
  };
  return (
    <div className="space-y-3 rounded-xl border border-primary/40 bg-primary/5 p-4">
      <p className="text-sm font-medium">Copy your new token now: it will not be shown again.</p>
      <div className="flex items-center gap-2">
        <code
          aria-label="New API token"
          className="min-w-0 flex-1 overflow-x-auto rounded-lg bg-muted px-3 py-2 font-mono text-xs break-all"
        >
          {token}
        </code>
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Send it as <code>Authorization: Bearer &lt;token&gt;</code>; see the API reference at{' '}
        <a className="underline" href="/api/docs">
          /api/docs
        </a>
        .
      </p>
      <Button variant="outline" size="sm" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

/** Settings → API tokens: create, name, list and revoke the tokens programs use. */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const problem = nameProblem(name);
  const reauth = useConfirmPassword();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem || create.isPending) return;
    const input = { name: name.trim() };
    void reauth
      .guard(() => create.mutateAsync(input))
      .then((answer) => {
        if (!answer) return;
        setCreated(answer.token);
        setName('');
        setSubmitted(false);
        setFormKey((key) => key + 1);
        toast.success('API token created', { description: answer.api_token.name });
      })
      .catch(() => undefined);
  };

  return (
    <SettingsSection
      id="api-tokens"
      icon={KeySquare}
      title="API tokens"
      description="Tokens let your scripts and programs use Mnemo's API as you. Revoke one to stop it at once."
    >
      <div className="space-y-5">
        {reauth.dialog}
        {created ? <NewToken token={created} onDone={() => setCreated(null)} /> : null}
        <form
          key={formKey}
          noValidate
          onSubmit={submit}
          className="flex max-w-md flex-wrap items-end gap-3"
        >
          <div className="min-w-0 flex-1">
            <FormField
              id="api-token-name"
              label="Token name"
              placeholder="e.g. Import script"
              maxLength={API_TOKEN_NAME_MAX + 1}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={problem}
              submitted={submitted}
            />
          </div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Spinner /> : null}
            {create.isPending ? 'Creating...' : 'Create token'}
          </Button>
        </form>
        {create.isError && !needsReauth(create.error) ? (
          <Alert>{errorMessage(create.error, 'Could not create the token.')}</Alert>
        ) : null}
        {tokens.isPending ? (
          <LoadingMessage message="Loading tokens..." />
        ) : tokens.isError ? (
          <Alert>{errorMessage(tokens.error, 'Could not load your tokens.')}</Alert>
        ) : tokens.data.api_tokens.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no API tokens.</p>
        ) : (
          <ul
            aria-label="API tokens"
            className="divide-y divide-border rounded-xl border border-border"
          >
            {tokens.data.api_tokens.map((token) => (
              <li key={token.id} className="flex items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{token.name}</p>
                  <p className="text-xs text-muted-foreground">
                    {[
                      `${token.prefix}…`,
                      `created ${formatDate(token.created_at) ?? ''}`,
                      token.last_used_at
                        ? `last used ${formatDate(token.last_used_at) ?? ''}`
                        : 'never used',
                      token.expires_at ? `expires ${formatDate(token.expires_at) ?? ''}` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Revoke ${token.name}`}
                  onClick={() => setRevoking(token)}
                >
                  <Trash2 aria-hidden="true" />
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke this token?"
        description={`Programs using “${revoking?.name ?? ''}” will be refused from now on. This cannot be undone.`}
        confirmLabel="Revoke Token"
        pending={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.success('API token revoked', { description: revoking.name });
              setRevoking(null);
            },
            onError: (error) =>
              toast.error('Could not revoke the token', {
                description: errorMessage(error, 'Please try again.'),
              }),
          })
        }
      />
    </SettingsSection>
  );
}
