import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TextImportPreview,
  TextImportResult,
} from '../../../../../core/import/import-schemas';
import type { ColumnMapping } from '../../../../../core/import/text-import-cards';
import { api } from '../../../../lib/api-client';
import { deckListFilter } from '../../../decks/api/get-decks';
import { deckKey } from '../../api/cards';

export type { ColumnMapping, TextImportPreview, TextImportResult };

export function usePreviewImport(deckId: string) {
  return useMutation({
    mutationFn: (input: { text: string; mapping?: ColumnMapping }) =>
      api.post<TextImportPreview>(
        `/api/decks/${encodeURIComponent(deckId)}/import/text/preview`,
        input,
      ),
  });
}

export function useImportText(deckId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { text: string; mapping: ColumnMapping; skip_bad_lines: boolean }) =>
      api.post<TextImportResult>(`/api/decks/${encodeURIComponent(deckId)}/import/text`, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries(deckListFilter),
        queryClient.invalidateQueries({ queryKey: deckKey(deckId) }),
      ]),
  });
}

/** The CSV download of a deck (or of every deck without one). */
export const exportCsvUrl = (deckId?: string) =>
  deckId ? `/api/decks/${encodeURIComponent(deckId)}/export/csv` : '/api/export/csv';
