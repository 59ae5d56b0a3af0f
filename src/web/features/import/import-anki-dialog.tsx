import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useDecks } from '../decks/api/get-decks';
import {
  importJobKey,
  isFinished,
  startAnkiImport,
  summaryLines,
  useImportJob,
  useRefreshDecks,
} from './api';
import { ImportProgress, JobProgress } from './import-progress';

const KEEP = '';

/**
 * 'Import Anki package' (issue 12): a .apkg or .colpkg into its own decks or one chosen deck.
 * The upload shows its progress, then the import job's (it runs on the server); the dialog may
 * be closed meanwhile — the job is still followed here, and a toast tells when it ends.
 */
export function ImportAnkiDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [target, setTarget] = useState(KEEP);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const decks = useDecks({ enabled: open });
  const refreshDecks = useRefreshDecks();
  const queryClient = useQueryClient();
  const job = useImportJob(jobId).data;
  const finished = isFinished(job);
  const openRef = useRef(open);
  openRef.current = open;

  const reset = () => {
    setFile(null);
    setTarget(KEEP);
    setUploaded(null);
    setJobId(null);
    setError(null);
  };

  // The end of the job: a toast; with the dialog closed, the decks refresh and it is forgotten.
  useEffect(() => {
    if (!job || !finished) return;
    if (job.status === 'completed' && job.summary) {
      toast.success('Import finished', { description: summaryLines(job.summary)[0] });
    } else {
      toast.error('Import failed', { description: job.error?.message });
    }
    if (!openRef.current) {
      void refreshDecks();
      setJobId(null);
    }
    // Once per job.
  }, [job?.id, finished]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || uploaded !== null) return;
    setError(null);
    setUploaded(0);
    startAnkiImport({ file, deckId: target === KEEP ? null : target, onProgress: setUploaded })
      .then((started) => {
        // The job as the upload answered it (pending) shows at once; the long poll follows.
        queryClient.setQueryData(importJobKey(started.id), started);
        setJobId(started.id);
      })
      .catch((failure: unknown) =>
        setError(errorMessage(failure, 'The package could not be imported.')),
      )
      .finally(() => setUploaded(null));
  };

  const running = jobId !== null && !finished;
  const summary = finished && job?.status === 'completed' ? job.summary : null;
  const failed = finished && job?.status === 'failed' ? job.error?.message : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next && !running && uploaded === null) {
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
        {summary || failed ? (
          <div className="space-y-4">
            {summary ? (
              <ul className="space-y-1 text-sm" aria-label="Import summary">
                {summaryLines(summary).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : (
              <p role="alert" className="text-sm text-destructive">
                {failed}
              </p>
            )}
            <div className="flex justify-end">
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </div>
          </div>
        ) : running ? (
          <div className="space-y-4">
            {job ? (
              <JobProgress job={job} />
            ) : (
              <ImportProgress label="Import progress" fraction={null} text="Starting…" />
            )}
            <p className="text-sm text-muted-foreground">
              You can close this window: the import goes on, and you will be told when it ends.
            </p>
            <div className="flex justify-end">
              <DialogClose asChild>
                <Button variant="outline">Continue in the background</Button>
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
            {uploaded !== null ? (
              <ImportProgress
                label="Upload progress"
                fraction={uploaded}
                text={
                  uploaded < 1
                    ? `Uploading… ${Math.round(uploaded * 100)}%`
                    : 'Checking the package…'
                }
              />
            ) : null}
            {error ? (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
            <div className="flex justify-end gap-2 pt-2">
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" disabled={!file || uploaded !== null}>
                {uploaded !== null ? <Spinner /> : null}
                {uploaded !== null ? 'Uploading...' : 'Import'}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
