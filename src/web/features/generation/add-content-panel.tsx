import { useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  estimateSecondsFor,
  GENERATION_MAX_POLLS,
  GENERATION_POLL_INTERVAL_MS,
  requestedCardTypesFor,
  type Strategy,
} from '../../../core/content';
import {
  GENERATION_MESSAGES,
  MAX_UPLOAD_BYTES,
  REQUEST_MESSAGES,
  UPLOAD_EXTENSIONS,
} from '../../../core/generation-texts';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import {
  deleteJob,
  type GenerationJob,
  jobStatus,
  jobsKey,
  type StartInput,
  startGeneration,
  useDeckJobs,
} from './api';
import { GeneratorNote } from './generator-note';
import { useAiSettings } from '../settings/api/ai-settings';
import { JobList, reviewPath } from './job-list';
import { JobWarnings } from './job-warnings';
import {
  type Choice,
  CHOICES,
  type Mode,
  MODE_PANEL_ID,
  ModeTabs,
  modeTabId,
  Segmented,
  STRATEGIES,
} from './options';
import { SourceInput } from './source-input';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The Add Content panel (SPEC §2, §4): text, URL or file; card type; strategy; Generate Cards.
 * The job's status is then followed (every 10 s, at most 30 follow-ups; the server may hold
 * each poll open until the status changes), and the deck refreshes when cards exist.
 */
export function AddContentPanel({ deckId }: { deckId: string }) {
  const queryClient = useQueryClient();
  // The estimate is the generator's that will run (the built-in one takes seconds, not minutes).
  const ai = useAiSettings().data;
  const generatorKind = ai && !ai.connected && ai.server.kind === 'builtin' ? 'builtin' : 'llm';
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('text');
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [choice, setChoice] = useState<Choice>('both');
  const [strategy, setStrategy] = useState<Strategy>('standard');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [following, setFollowing] = useState<{ estimate: number; jobId: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  /** The job just started here: its warnings show in the panel until dismissed. */
  const [started, setStarted] = useState<GenerationJob | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const jobs = useDeckJobs(deckId);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['decks', deckId] }),
      queryClient.invalidateQueries({ queryKey: ['decks'], exact: true }),
    ]);

  /**
   * Follows the job; the text (or address) it was started from stays in the box until it has
   * succeeded, so a failure loses nothing (and a Retry can start from it).
   */
  const follow = async (job: GenerationJob, sent?: { text: string; url: string }) => {
    let known: string = job.status;
    for (let poll = 0; poll <= GENERATION_MAX_POLLS; poll++) {
      try {
        const status = await jobStatus(job.id, known, GENERATION_POLL_INTERVAL_MS / 1000);
        if (status.status === 'completed') {
          toast.success('Cards Generated!', {
            description: 'Successfully generated new cards.',
            action: { label: 'Review', onClick: () => navigate(reviewPath(job)) },
          });
          if (sent) {
            setText((current) => (current === sent.text ? '' : current));
            setUrl((current) => (current === sent.url ? '' : current));
          }
          await refresh();
          return;
        }
        if (status.status === 'failed') {
          toast.error('Generation Failed', {
            description: status.error_message || 'Failed to generate cards.',
          });
          await refresh();
          return;
        }
        if (status.status === known) await sleep(250);
        known = status.status;
      } catch (error) {
        // SPEC §8: polling errors are only logged and stop the polling silently.
        console.error('Polling the generation status failed', error);
        return;
      }
    }
  };

  /** The checks the server repeats (it also checks the content): 'Please select a file'... */
  const fileProblem = (): string | null => {
    if (!file) return REQUEST_MESSAGES.selectFile;
    if (file.size > MAX_UPLOAD_BYTES) return REQUEST_MESSAGES.fileTooLarge;
    const name = file.name.toLowerCase();
    if (!UPLOAD_EXTENSIONS.some((extension) => name.endsWith(extension))) {
      return REQUEST_MESSAGES.unsupportedFileType;
    }
    if (file.size === 0) return REQUEST_MESSAGES.selectFile;
    return null;
  };

  /** Shows the estimate and follows the job until its cards exist (or it failed). */
  const track = (
    job: GenerationJob,
    estimate = estimateSecondsFor(generatorKind, job.word_count, job.generation_strategy),
    sent?: { text: string; url: string },
  ) => {
    setFollowing({ estimate, jobId: job.id });
    void follow(job, sent).finally(() => {
      setFollowing(null);
      void queryClient.invalidateQueries({ queryKey: jobsKey(deckId) });
    });
  };

  /** Starts a job; the box keeps its text until the job has succeeded (see `follow`). */
  const launch = async (input: Omit<StartInput, 'deckId'>) => {
    setBusy(true);
    try {
      const job = await startGeneration({ ...input, deckId });
      const estimate = estimateSecondsFor(generatorKind, job.word_count, job.generation_strategy);
      toast.success('Generation Started!', {
        description: 'Processing your content. This may take a moment...',
      });
      setStarted(job);
      if (input.kind === 'file') {
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
      }
      void queryClient.invalidateQueries({ queryKey: jobsKey(deckId) });
      track(job, estimate, { text: input.content ?? '', url: input.kind === 'url' ? url : '' });
      return true;
    } catch (error) {
      toast.error('Generation Failed', {
        description: errorMessage(error, 'Failed to start generation.'),
      });
      return false;
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    setStarted(null);
    let content = '';
    if (mode === 'text') {
      if (!text.trim()) return setProblem(REQUEST_MESSAGES.enterText);
      content = text;
    } else if (mode === 'url') {
      if (!url.trim()) return setProblem(REQUEST_MESSAGES.enterUrl);
    } else {
      const refused = fileProblem();
      if (refused) return setProblem(refused);
    }
    await launch({
      kind: mode,
      content,
      url: mode === 'url' ? url.trim() : '',
      file: file ?? undefined,
      generationStrategy: strategy,
      requestedCardTypes: requestedCardTypesFor(choice),
      onProgress: mode === 'file' ? setProgress : undefined,
    });
  };

  /**
   * Retry of a failed text job while the box holds text: a new job from the box (perhaps
   * corrected since), with the failed job's options; the failed job then goes.
   */
  const retryFromBox = (job: GenerationJob) => {
    if (job.input_type !== 'text' || !text.trim() || busy) return false;
    setStarted(null);
    void launch({
      kind: 'text',
      content: text,
      generationStrategy: job.generation_strategy,
      requestedCardTypes: job.requested_card_types,
    }).then(async (ok) => {
      if (!ok) return;
      await deleteJob(job.id).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: jobsKey(deckId) });
    });
    return true;
  };

  const listed = jobs.data?.jobs.find((job) => job.id === started?.id);
  // The part being worked on, as the job list shows it ('Part 2 of 3'; issue 22 §2).
  const followed = jobs.data?.jobs.find((job) => job.id === following?.jobId);
  const part =
    followed?.status === 'processing' && followed.parts && followed.parts.total > 1
      ? GENERATION_MESSAGES.partOf(followed.parts)
      : null;
  return (
    <section
      aria-labelledby="add-content-title"
      className="mt-8 rounded-2xl border border-border bg-card p-5 shadow-xs"
    >
      <h2 id="add-content-title" className="flex items-center gap-2 text-lg font-semibold">
        <Sparkles aria-hidden="true" className="size-5 text-primary" />
        Add Content
      </h2>
      <GeneratorNote />
      <form onSubmit={(event) => void submit(event)} className="mt-4 space-y-4" noValidate>
        <ModeTabs
          mode={mode}
          onChange={(next) => {
            setMode(next);
            setProblem(null);
          }}
        />
        <div role="tabpanel" id={MODE_PANEL_ID} aria-labelledby={modeTabId(mode)}>
          <SourceInput
            mode={mode}
            text={text}
            setText={setText}
            url={url}
            setUrl={setUrl}
            file={file}
            setFile={(chosen) => {
              setFile(chosen);
              setProblem(null);
            }}
            fileInput={fileInput}
            progress={progress}
          />
        </div>
        <div className="grid gap-4 lg:grid-cols-[auto_1fr]">
          <Segmented label="Card Type" value={choice} options={CHOICES} onChange={setChoice} />
          <Segmented
            label="Generation Strategy"
            value={strategy}
            options={STRATEGIES}
            onChange={setStrategy}
          />
        </div>
        {problem ? (
          <p role="alert" className="text-sm text-danger-text">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner /> : <Sparkles aria-hidden="true" className="size-4" />}
            Generate Cards
          </Button>
          {following ? (
            <span
              role="status"
              className="inline-flex items-center gap-2 text-sm text-muted-foreground"
            >
              <Spinner />
              {part ? `Generating… ${part} · ` : 'Generating… '}
              usually about {following.estimate} seconds
            </span>
          ) : null}
        </div>
        {/* Once the job is in the list below, its warnings show there only (not twice). */}
        {started && !listed ? <JobWarnings deckId={deckId} job={started} /> : null}
      </form>
      <JobList deckId={deckId} onRetried={track} retryFromBox={retryFromBox} />
    </section>
  );
}
