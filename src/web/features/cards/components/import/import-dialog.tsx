import { useEffect, useRef, useState } from 'react';
import { MAX_UPLOAD_BYTES } from '../../../../../core/generation-texts';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { Label } from '../../../../components/ui/label';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-client';
import { formatBytes } from '../../../../lib/utils';
import { toast } from '../../../../lib/toast';
import {
  type ColumnMapping,
  type TextImportPreview,
  useImportText,
  usePreviewImport,
} from './import-api';
import { ImportPreview } from './import-preview';

/**
 * Import cards from a CSV, TSV or text file (Anki's text format, a Quizlet export) or pasted
 * text: a preview with a column per role, the bad lines by number, then the import.
 */
export function ImportDialog({
  deckId,
  open,
  onOpenChange,
  initialFile,
  onImported,
}: {
  deckId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A file chosen already (the dashboard's Import): previewed at once. */
  initialFile?: File;
  onImported?: () => void;
}) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(initialFile ?? null);
  const source = file ? { file } : { text };
  const [preview, setPreview] = useState<TextImportPreview | null>(null);
  // The user's choice shows at once; the preview of it follows.
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const previewing = usePreviewImport(deckId);
  const importing = useImportText(deckId);

  const close = () => {
    onOpenChange(false);
    setText('');
    setFile(null);
    setPreview(null);
    setMapping(null);
    setFileError(null);
    previewing.reset();
    importing.reset();
  };
  const latest = useRef(0);
  const load = (chosen?: ColumnMapping) => {
    if (chosen) setMapping(chosen);
    const request = ++latest.current;
    previewing.mutate(
      { source, ...(chosen ? { mapping: chosen } : {}) },
      // Only the answer to the latest choice is shown.
      { onSuccess: (result) => request === latest.current && setPreview(result) },
    );
  };
  // A file handed over by the dashboard's Import is previewed at once.
  useEffect(() => {
    if (initialFile) load();
  }, []);
  const run = (skip: boolean) => {
    if (!preview) return;
    importing.mutate(
      { source, mapping: mapping ?? preview.mapping, skip_bad_lines: skip },
      {
        onSuccess: (result) => {
          const skipped = result.skipped.length;
          toast.success('Cards Imported', {
            description:
              `${result.card_count.toLocaleString('en-US')} ${result.card_count === 1 ? 'card' : 'cards'} imported` +
              (skipped ? `, ${skipped} ${skipped === 1 ? 'line' : 'lines'} skipped.` : '.'),
          });
          onImported?.();
          close();
        },
      },
    );
  };
  const error = previewing.error ?? importing.error;
  const problems = preview?.problems ?? [];

  return (
    <Dialog open={open} onOpenChange={(value) => (value ? onOpenChange(true) : close())}>
      <DialogContent
        wide
        title="Import cards"
        description="From a CSV, TSV or text file: Anki's text export, a Quizlet export or a spreadsheet."
      >
        {preview ? (
          <ImportPreview
            preview={preview}
            mapping={mapping ?? preview.mapping}
            onMappingChange={load}
          />
        ) : (
          <div className="space-y-3">
            <div className="space-y-1.5">
              <Label htmlFor="import-file">Choose a file</Label>
              <input
                id="import-file"
                type="file"
                accept=".csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values"
                className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1.5"
                onChange={(event) => {
                  const chosen = event.target.files?.[0] ?? null;
                  setFileError(null);
                  setFile(null);
                  if (!chosen) return;
                  if (chosen.size > MAX_UPLOAD_BYTES) {
                    setFileError('This file is larger than 10 MB: split it into smaller files.');
                    return;
                  }
                  setFile(chosen);
                  setText('');
                }}
              />
              {file ? (
                <p className="text-sm text-muted-foreground">
                  {file.name}, {formatBytes(file.size)}
                </p>
              ) : null}
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="import-text">Or paste the text</Label>
              <textarea
                id="import-text"
                rows={8}
                className="w-full rounded-lg border border-input bg-background p-3 font-mono text-sm"
                placeholder={'term\tdefinition\nhola\thello'}
                value={text}
                disabled={file !== null}
                onChange={(event) => setText(event.target.value)}
              />
            </div>
          </div>
        )}
        {problems.length > 0 ? (
          <div role="alert" className="mt-4 rounded-lg bg-danger-bg p-3 text-sm text-danger-text">
            <p className="font-medium">
              {problems.length} {problems.length === 1 ? 'line' : 'lines'} cannot be imported:
            </p>
            <ul className="mt-1 max-h-32 list-disc overflow-auto pl-5">
              {problems.map((problem) => (
                <li key={`${problem.line}-${problem.message}`}>
                  Line {problem.line}: {problem.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {error || fileError ? (
          <p role="alert" className="mt-4 rounded-lg bg-danger-bg p-3 text-sm text-danger-text">
            {fileError ?? errorMessage(error, 'The import failed.')}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          {!preview ? (
            <Button
              disabled={(!file && !text.trim()) || previewing.isPending}
              onClick={() => load()}
            >
              {previewing.isPending ? <Spinner /> : null}
              Preview
            </Button>
          ) : problems.length > 0 ? (
            <Button
              disabled={importing.isPending || preview.card_count === 0}
              onClick={() => run(true)}
            >
              {importing.isPending ? <Spinner /> : null}
              Skip these lines and import
            </Button>
          ) : (
            <Button disabled={importing.isPending} onClick={() => run(false)}>
              {importing.isPending ? <Spinner /> : null}
              Import {preview.card_count.toLocaleString('en-US')}{' '}
              {preview.card_count === 1 ? 'row' : 'rows'}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
