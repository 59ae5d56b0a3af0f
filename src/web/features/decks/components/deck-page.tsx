import {
  ArrowLeft,
  BarChart3,
  FileQuestion,
  GraduationCap,
  Layers,
  Settings2,
  Sparkles,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { pluralise } from '../../../../core/text';
import { Button } from '../../../components/ui/button';
import { LoadingMessage } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { AddContentPanel } from '../../generation/add-content-panel';
import { ImportExportActions } from '../../cards/components/import/import-export-actions';
import type { Deck } from '../api/get-decks';
import { useDeck } from '../api/get-deck';
import { errorMessage } from '../utils';
import { OfflineToggle } from '../../offline/offline-toggle';
import { DeckSettingsDialog } from './deck-settings-dialog';
import { CARDS_HEADING_ID, CardsSection } from './deck-cards-section';

function DeckNotFound() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <div className="flex size-16 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
        <FileQuestion aria-hidden="true" className="size-8" />
      </div>
      <h1 className="mt-5 text-2xl font-bold">Deck not found</h1>
      <p className="mt-2 text-muted-foreground">
        The deck you&apos;re looking for doesn&apos;t exist or you don&apos;t have access to it.
      </p>
      <Button asChild className="mt-6">
        <Link to="/dashboard">Back to Dashboard</Link>
      </Button>
    </div>
  );
}

/**
 * /deck/:deckId (SPEC §2): the deck's header, the Add Content panel and 'Your Cards'.
 * /deck/:deckId/learn uses the same loading and not-found handling (mode 'learn').
 */
export function DeckPage({ mode }: { mode: 'deck' | 'learn' }) {
  const { deckId } = useParams();
  const { user } = useAuth();
  const deck = useDeck(deckId, { enabled: Boolean(user) });

  if (deck.isPending) return <LoadingMessage page message="Loading deck..." />;
  if (deck.isError) {
    if (isApiError(deck.error) && deck.error.status === 404) return <DeckNotFound />;
    return (
      <div className="mx-auto max-w-lg px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="mt-2 text-muted-foreground">
          {errorMessage(deck.error, 'Failed to load the deck.')}
        </p>
        <Button asChild className="mt-6">
          <Link to="/dashboard">Back to Dashboard</Link>
        </Button>
      </div>
    );
  }
  return <DeckView deck={deck.data} mode={mode} />;
}

/**
 * The first Tab stop after the deck's heading (shown when focused): past the deck's actions and
 * the Add Content panel straight to 'Your Cards' (WCAG 2.4.1, bypass blocks).
 */
function SkipToCards() {
  return (
    <a
      href={`#${CARDS_HEADING_ID}`}
      onClick={(event) => {
        const heading = document.getElementById(CARDS_HEADING_ID);
        if (!heading) return;
        event.preventDefault();
        heading.focus();
        heading.scrollIntoView({ block: 'start' });
      }}
      className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-sm text-primary-foreground focus:not-sr-only focus:fixed focus:top-20 focus:left-4"
    >
      Skip to cards
    </a>
  );
}

function DeckView({ deck, mode }: { deck: Deck; mode: 'deck' | 'learn' }) {
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <Link
        to={mode === 'learn' ? `/deck/${deck.id}` : '/dashboard'}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {mode === 'learn' ? 'Back to Deck' : 'Back to Dashboard'}
      </Link>
      <div className="mt-5 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight wrap-anywhere">{deck.name}</h1>
          {mode === 'deck' ? <SkipToCards /> : null}
          {deck.description ? (
            <p className="mt-2 text-muted-foreground">{deck.description}</p>
          ) : null}
          <p className="mt-3 flex flex-wrap gap-4 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1.5">
              <Layers aria-hidden="true" className="size-4" />
              {pluralise(deck.card_count, 'card')}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <GraduationCap aria-hidden="true" className="size-4" />
              {deck.due_count} due
            </span>
          </p>
          {mode === 'deck' ? <OfflineToggle deckId={deck.id} /> : null}
        </div>
        {mode === 'deck' ? (
          <div className="flex shrink-0 flex-wrap items-center gap-2">
            <Button asChild variant="ghost" size="icon" aria-label="Statistics">
              <Link to={`/stats?deck=${deck.id}`}>
                <BarChart3 aria-hidden="true" className="size-4" />
              </Link>
            </Button>
            <ImportExportActions deckId={deck.id} />
            <Button
              variant="outline"
              size="icon"
              aria-label="Deck settings"
              onClick={() => setSettingsOpen(true)}
            >
              <Settings2 aria-hidden="true" className="size-4" />
            </Button>
            {deck.due_count > 0 ? (
              <Button asChild>
                <Link to={`/deck/${deck.id}/learn`}>
                  <GraduationCap aria-hidden="true" className="size-4" />
                  Start Learning ({deck.due_count} due)
                </Link>
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {mode === 'learn' ? (
        <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-input bg-card/50 px-6 py-14 text-center">
          <Sparkles aria-hidden="true" className="size-7 text-primary" />
          <h2 className="mt-4 text-lg font-semibold">Study sessions are on their way</h2>
        </div>
      ) : (
        <>
          <AddContentPanel deckId={deck.id} />
          <CardsSection deck={deck} />
        </>
      )}
      {settingsOpen ? (
        <DeckSettingsDialog deck={deck} open={settingsOpen} onOpenChange={setSettingsOpen} />
      ) : null}
    </div>
  );
}
