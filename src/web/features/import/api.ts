import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnkiImportSummary } from '../../../core/anki/import-schemas';
import { ApiError, apiErrorFrom, NETWORK_ERROR_MESSAGE } from '../../lib/api-client';
import { decksQueryKey } from '../decks/api/get-decks';

export type { AnkiImportSummary };

export interface AnkiImportInput {
  file: File;
  /** A deck for every card, or null to keep the package's decks. */
  deckId: string | null;
}

/** Sends the package as multipart to `POST /api/import/anki`. */
export async function importAnki(input: AnkiImportInput): Promise<AnkiImportSummary> {
  const form = new FormData();
  if (input.deckId) form.set('deck_id', input.deckId);
  else form.set('keep_decks', 'true');
  form.set('file', input.file);
  let response: Response;
  try {
    response = await fetch('/api/import/anki', {
      method: 'POST',
      body: form,
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw apiErrorFrom(response.status, response.statusText, text);
  return JSON.parse(text) as AnkiImportSummary;
}

/**
 * The import; `refreshDecks` is called when the summary is closed, not on success: the empty
 * dashboard (where the dialog may sit) would otherwise give way to the decks under it.
 */
export function useImportAnki() {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: importAnki });
  const refreshDecks = () => queryClient.invalidateQueries({ queryKey: decksQueryKey });
  return { mutation, refreshDecks };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** 'Imported 4 notes as 6 cards, 3 reviews; created 2 decks.' and the skipped lines. */
export function summaryLines(summary: AnkiImportSummary): string[] {
  const lines = [
    `Imported ${plural(summary.notes, 'new note')} as ${plural(summary.cards, 'card')}, with ${plural(summary.reviews, 'past review')}.`,
  ];
  if (summary.notes_updated > 0) {
    lines.push(
      `Found ${plural(summary.notes_updated, 'note')} imported before: ${plural(summary.cards_updated, 'card')} updated, schedules kept.`,
    );
  }
  if (summary.decks_created.length > 0) {
    lines.push(
      `Created ${plural(summary.decks_created.length, 'deck')}: ${summary.decks_created.join(', ')}.`,
    );
  }
  for (const skip of summary.skipped) {
    const what = skip.reason.startsWith('Media') ? 'file' : 'card';
    lines.push(`Skipped ${plural(skip.count, what)}: ${skip.reason}.`);
  }
  return lines;
}
