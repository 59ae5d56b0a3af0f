import { Bot } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import {
  AI_SETTINGS_MESSAGES,
  generatorLabel,
  SUGGESTED_MODELS,
  USER_AI_PROVIDER_NAMES,
  USER_AI_PROVIDERS,
  type UserAiProvider,
} from '../../../../core/ai-settings-schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { LoadingMessage, Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../decks/utils';
import { useAiSettings, useRemoveAiSettings, useSaveAiSettings } from '../api/ai-settings';
import { SettingsSection } from './section';

const keyProblem = (key: string) =>
  /^\S{8,300}$/.test(key.trim()) ? null : AI_SETTINGS_MESSAGES.key;
const modelProblem = (model: string) =>
  /^[\w.:/-]{1,100}$/.test(model.trim()) ? null : AI_SETTINGS_MESSAGES.model;

/**
 * Settings → AI (issue 22 §4): connect OpenAI, Anthropic or OpenRouter with your own key. The
 * key is checked on save, kept encrypted on the server and never shown again (only '••••1234').
 */
export function AiSection() {
  const settings = useAiSettings();
  const save = useSaveAiSettings();
  const remove = useRemoveAiSettings();
  const [provider, setProvider] = useState<UserAiProvider>('openai');
  const [model, setModel] = useState(SUGGESTED_MODELS.openai[0] ?? '');
  const [key, setKey] = useState('');
  const [submitted, setSubmitted] = useState(false);
  // A new form after a save: its fields start untouched (no error on the emptied key field).
  const [formKey, setFormKey] = useState(0);
  const problems = { key: keyProblem(key), model: modelProblem(model) };
  const loaded = settings.isSuccess;
  // Linked from the Add Content panel as /settings#settings-ai: show the section once it is there.
  useEffect(() => {
    if (loaded && window.location.hash === '#settings-ai') {
      document.getElementById('settings-ai')?.scrollIntoView({ block: 'start' });
    }
  }, [loaded]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (problems.key || problems.model || save.isPending) return;
    save.mutate(
      { provider, model: model.trim(), api_key: key.trim() },
      {
        onSuccess: (view) => {
          setKey('');
          setSubmitted(false);
          setFormKey((value) => value + 1);
          toast.success('Model connected', { description: generatorLabel(view) });
        },
      },
    );
  };
  const chooseProvider = (value: UserAiProvider) => {
    setProvider(value);
    setModel(SUGGESTED_MODELS[value][0] ?? '');
  };

  return (
    <SettingsSection
      id="ai"
      icon={Bot}
      title="AI"
      description="The model that writes your cards. Connect your own with an API key, or use the server's."
    >
      {settings.isPending ? (
        <LoadingMessage message="Loading AI settings..." />
      ) : settings.isError ? (
        <Alert>{errorMessage(settings.error, 'Could not load your AI settings.')}</Alert>
      ) : (
        <div className="space-y-5">
          <p className="text-sm" data-testid="ai-generator">
            Your cards are written by: <strong>{generatorLabel(settings.data)}</strong>
          </p>
          {settings.data.connected ? (
            <div className="flex flex-wrap items-center gap-3 rounded-xl border border-border px-4 py-3">
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium wrap-anywhere">
                  {USER_AI_PROVIDER_NAMES[settings.data.connected.provider]} ·{' '}
                  {settings.data.connected.model}
                </p>
                <p className="text-muted-foreground">
                  Key <span className="font-mono">{settings.data.connected.key_hint}</span>
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () =>
                      toast.success('Model removed', {
                        description: "Your cards are written by the server's generator again.",
                      }),
                  })
                }
              >
                {remove.isPending ? <Spinner /> : null}
                Remove
              </Button>
            </div>
          ) : null}
          {settings.data.user_keys_allowed ? (
            <form key={formKey} noValidate onSubmit={submit} className="max-w-md space-y-4">
              <div className="space-y-2">
                <label htmlFor="ai-provider" className="block text-sm font-medium">
                  Provider
                </label>
                <select
                  id="ai-provider"
                  className="h-10 w-full rounded-lg border border-input bg-background px-3 text-sm"
                  value={provider}
                  onChange={(event) => chooseProvider(event.target.value as UserAiProvider)}
                >
                  {USER_AI_PROVIDERS.map((value) => (
                    <option key={value} value={value}>
                      {USER_AI_PROVIDER_NAMES[value]}
                    </option>
                  ))}
                </select>
              </div>
              <FormField
                id="ai-model"
                label="Model"
                list="ai-models"
                value={model}
                onChange={(event) => setModel(event.target.value)}
                error={problems.model}
                submitted={submitted}
                hint="Pick one from the list or type another model name."
              />
              <datalist id="ai-models">
                {SUGGESTED_MODELS[provider].map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
              <FormField
                id="ai-key"
                label="API key"
                type="password"
                autoComplete="off"
                value={key}
                onChange={(event) => setKey(event.target.value)}
                error={problems.key}
                submitted={submitted}
                hint="Checked with one small request, then stored encrypted. It is never shown again."
              />
              {save.isError ? (
                <Alert>{errorMessage(save.error, 'Could not connect the model.')}</Alert>
              ) : null}
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? <Spinner /> : null}
                {save.isPending
                  ? 'Checking the key...'
                  : settings.data.connected
                    ? 'Replace model'
                    : 'Connect model'}
              </Button>
            </form>
          ) : (
            <p className="text-sm text-muted-foreground">
              Connecting your own model is turned off on this server.
            </p>
          )}
        </div>
      )}
    </SettingsSection>
  );
}
