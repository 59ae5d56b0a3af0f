import { Link } from 'react-router';
import { generatorLabel } from '../../../core/ai-settings-view';
import { useAiSettings } from '../settings/api/ai-settings';

/** Which generator will write the cards (issue 22 §4), with the way to Settings → AI. */
export function GeneratorNote() {
  const settings = useAiSettings();
  if (!settings.data) return null;
  const view = settings.data;
  const builtin = !view.connected && view.server.kind === 'builtin';
  return (
    <p className="mt-1 text-sm wrap-anywhere text-muted-foreground" data-testid="generator-note">
      Cards written by <span className="font-medium text-foreground">{generatorLabel(view)}</span>
      {view.user_keys_allowed ? (
        <>
          {' · '}
          <Link className="underline underline-offset-2" to="/settings#settings-ai">
            {builtin ? 'Connect a model in Settings → AI' : 'Settings → AI'}
          </Link>
        </>
      ) : null}
    </p>
  );
}
