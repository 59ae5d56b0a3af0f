import { type FormEvent, type ReactNode, useState } from 'react';
import { MAX_UPLOAD_BYTES, REQUEST_MESSAGES } from '../../../core/generation-requests';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useDecks } from '../decks/api/get-decks';
import { type AnkiImportSummary, summaryLines, useImportAnki } from './api';

const KEEP = '';

/** 'Import Anki package' (issue 12): a .apkg or .colpkg into its own decks or one chosen deck. */
export function ImportAnkiDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [target, setTarget] = useState(KEEP);
  const [summary, setSummary] = useState<AnkiImportSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const decks = useDecks({ enabled: open });
  const { mutation: importAnki, refreshDecks } = useImportAnki();

  const reset = () => {
    setFile(null);
    setTarget(KEEP);
    setSummary(null);
    setError(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || importAnki.isPending) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      setError(REQUEST_MESSAGES.fileTooLarge);
      return;
    }
    setError(null);
    importAnki.mutate(
      { file, deckId: target === KEEP ? null : target },
      {
        onSuccess: (result) => {
          setSummary(result);
          toast.success('Import finished', { description: summaryLines(result)[0] });
        },
        onError: (failure) => setError(errorMessage(failure, 'The package could not be imported.')),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          if (summary) void refreshDecks();
          reset();
        }
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title="Import Anki package"
        description="Bring in an Anki deck (.apkg) or collection (.colpkg): cards, schedules, review history and tags. Importing it again updates the notes instead of duplicating them."
      >
        {summary ? (
          <div className="space-y-4">
            <ul className="space-y-1 text-sm" aria-label="Import summary">
              {summaryLines(summary).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <div className="flex justify-end">
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </div>
          </div>
        ) : (
          <form onSubmit={submit} className="space-y-4">
            <div className="space-y-2">
              <Label htmlFor="anki-file">Package</Label>
              <input
                id="anki-file"
                type="file"
                accept=".apkg,.colpkg"
                className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1.5"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                required
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor="anki-target">Put the cards in</Label>
              <select
                id="anki-target"
                className="h-10 w-full rounded-lg border border-input bg-background px-3 text-sm"
                value={target}
                onChange={(event) => setTarget(event.target.value)}
              >
                <option value={KEEP}>The package’s own decks (created when missing)</option>
                {(decks.data ?? []).map((deck) => (
                  <option key={deck.id} value={deck.id}>
                    {deck.name}
                  </option>
                ))}
              </select>
            </div>
            {error ? (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
            <div className="flex justify-end gap-2 pt-2">
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" disabled={!file || importAnki.isPending}>
                {importAnki.isPending ? <Spinner /> : null}
                {importAnki.isPending ? 'Importing...' : 'Import'}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
