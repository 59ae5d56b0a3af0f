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

/** Pasted text goes as JSON (at most 1 MB); a chosen file as an upload (at most 10 MB). */
export type ImportSource = { text: string } | { file: File };

function importRequest<T>(
  deckId: string,
  action: '/preview' | '',
  source: ImportSource,
  options: { mapping?: ColumnMapping; skip_bad_lines?: boolean },
) {
  const base = `/api/decks/${encodeURIComponent(deckId)}/import/text`;
  if ('text' in source) return api.post<T>(`${base}${action}`, { text: source.text, ...options });
  const form = new FormData();
  if (options.mapping) form.set('mapping', JSON.stringify(options.mapping));
  if (options.skip_bad_lines !== undefined)
    form.set('skip_bad_lines', String(options.skip_bad_lines));
  form.set('file', source.file);
  return api.post<T>(`${base}/file${action}`, form);
}

export function usePreviewImport(deckId: string) {
  return useMutation({
    mutationFn: ({ source, mapping }: { source: ImportSource; mapping?: ColumnMapping }) =>
      importRequest<TextImportPreview>(deckId, '/preview', source, mapping ? { mapping } : {}),
  });
}

export function useImportText(deckId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      source,
      ...options
    }: {
      source: ImportSource;
      mapping: ColumnMapping;
      skip_bad_lines: boolean;
    }) => importRequest<TextImportResult>(deckId, '', source, options),
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
