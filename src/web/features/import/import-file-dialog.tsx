import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { DECK_NAME_MAX } from '../../../core/content-limits';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { ImportDialog as TextImportDialog } from '../cards/components/import/import-dialog';
import { createDeck } from '../decks/api/create-deck';
import { deleteDeck } from '../decks/api/delete-deck';
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
/** The file's name without its extension: the name of the new deck a text file goes into. */
const baseName = (name: string) =>
  (name.replace(/\.[^.]*$/u, '').trim() || 'Imported cards').slice(0, DECK_NAME_MAX);
export const isAnkiPackage = (file: File) => /\.(apkg|colpkg)$/iu.test(file.name);

/**
 * The dashboard's one 'Import' (issue 19), as Anki's File → Import: the file decides the
 * importer. A .apkg or .colpkg (issue 12) goes into its own decks or one chosen deck; the
 * upload shows its progress, then the import job's (it runs on the server); the dialog may be
 * closed meanwhile — the job is still followed here, and a toast tells when it ends. A text
 * file (CSV, TSV, Anki's text format, a Quizlet export) goes on to the text import's preview,
 * into a chosen deck or a new one named after the file (removed again if nothing is imported).
 */
export function ImportFileDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const [textImport, setTextImport] = useState<{
    deckId: string;
    file: File;
    created: boolean;
  } | null>(null);
  const textDone = useRef(false);
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

  const text = file !== null && !isAnkiPackage(file);

  /** A text file: on to the text import's preview, in the chosen deck or a new one. */
  const continueWithText = async (chosen: File) => {
    setError(null);
    setUploaded(1);
    try {
      const deckId =
        target === KEEP ? (await createDeck({ name: baseName(chosen.name) })).id : target;
      textDone.current = false;
      setTextImport({ deckId, file: chosen, created: target === KEEP });
      setOpen(false);
      reset();
    } catch (failure) {
      setError(errorMessage(failure, 'The deck could not be created.'));
    } finally {
      setUploaded(null);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || uploaded !== null) return;
    if (text) {
      void continueWithText(file);
      return;
    }
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
    <>
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
          title="Import"
          description="An Anki deck (.apkg) or collection (.colpkg) with its schedules, review history and tags — importing it again updates the notes instead of duplicating them — or cards from a CSV, TSV or text file (Anki's text export, a Quizlet export, a spreadsheet)."
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
                <Label htmlFor="import-any-file">File</Label>
                <input
                  id="import-any-file"
                  type="file"
                  accept=".apkg,.colpkg,.csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values"
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
                  <option value={KEEP}>
                    {text && file
                      ? `A new deck: ${baseName(file.name)}`
                      : 'The package’s own decks (created when missing)'}
                  </option>
                  {(decks.data ?? []).map((deck) => (
                    <option key={deck.id} value={deck.id}>
                      {deck.name}
                    </option>
                  ))}
                </select>
              </div>
              {uploaded !== null && !text ? (
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
                  {text ? 'Continue' : uploaded !== null ? 'Uploading...' : 'Import'}
                </Button>
              </div>
            </form>
          )}
        </DialogContent>
      </Dialog>
      {textImport ? (
        <TextImportDialog
          deckId={textImport.deckId}
          initialFile={textImport.file}
          open
          onImported={() => {
            textDone.current = true;
          }}
          onOpenChange={(next) => {
            if (next) return;
            const { deckId, created } = textImport;
            setTextImport(null);
            if (textDone.current) void navigate(`/deck/${deckId}`);
            else if (created) void deleteDeck(deckId).then(() => refreshDecks());
          }}
        />
      ) : null}
    </>
  );
}
