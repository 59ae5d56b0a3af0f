import { useQueryClient } from '@tanstack/react-query';
import { Download, FileText, Globe, RotateCcw, Sparkles, Type, Upload, X } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  countWords,
  estimateGenerationSeconds,
  GENERATION_MAX_POLLS,
  GENERATION_POLL_INTERVAL_MS,
  requestedCardTypesFor,
  type Strategy,
} from '../../../core/content';
import {
  MAX_UPLOAD_BYTES,
  REQUEST_MESSAGES,
  UPLOAD_EXTENSIONS,
} from '../../../core/generation-requests';
import { Button } from '../../components/ui/button';
import { Input, Textarea } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { cn, formatBytes } from '../../lib/utils';
import { errorMessage } from '../decks/utils';
import {
  type GenerationJob,
  jobStatus,
  jobsKey,
  startGeneration,
  useDeckJobs,
  useJobAction,
} from './api';

type Mode = 'text' | 'url' | 'file';
type Choice = 'qa' | 'cloze' | 'both';

const MODES: { value: Mode; label: string; icon: typeof Type }[] = [
  { value: 'text', label: 'Text', icon: Type },
  { value: 'url', label: 'URL', icon: Globe },
  { value: 'file', label: 'File', icon: Upload },
];
const CHOICES: { value: Choice; label: string }[] = [
  { value: 'qa', label: 'Q&A Only' },
  { value: 'cloze', label: 'Fill-in-the-Blank Only' },
  { value: 'both', label: 'Both Types' },
];
const STRATEGIES: { value: Strategy; label: string; hint: string }[] = [
  { value: 'key_concepts', label: 'Key Concepts', hint: '3-8 cards' },
  { value: 'standard', label: 'Standard', hint: '5-15 cards' },
  { value: 'detailed', label: 'Detailed', hint: '10-25+ cards' },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string; hint?: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      <div role="radiogroup" aria-label={label} className="flex flex-wrap gap-2">
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={value === option.value}
            onClick={() => onChange(option.value)}
            className={cn(
              'rounded-lg border px-3 py-2 text-left text-sm transition-colors',
              value === option.value
                ? 'border-primary bg-primary/10 text-foreground'
                : 'border-input text-muted-foreground hover:text-foreground',
            )}
          >
            <span className="font-medium">{option.label}</span>
            {option.hint ? <span className="ml-1.5 text-xs opacity-80">{option.hint}</span> : null}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

const STATUS_STYLES: Record<GenerationJob['status'], string> = {
  pending: 'bg-muted text-muted-foreground',
  processing: 'bg-sky-500/15 text-sky-600 dark:text-sky-400',
  completed: 'bg-emerald-500/15 text-emerald-600 dark:text-emerald-400',
  failed: 'bg-red-500/15 text-red-600 dark:text-red-400',
};

function JobList({
  deckId,
  onRetried,
}: {
  deckId: string;
  onRetried: (job: GenerationJob) => void;
}) {
  const jobs = useDeckJobs(deckId);
  const cancel = useJobAction(deckId, 'cancel');
  const retry = useJobAction(deckId, 'retry');
  const list = jobs.data?.jobs ?? [];
  if (list.length === 0) return null;
  return (
    <div className="mt-5 border-t border-border pt-4">
      <h3 className="text-sm font-semibold">Recent generations</h3>
      <ul className="mt-2 divide-y divide-border">
        {list.slice(0, 5).map((job) => (
          <li key={job.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-semibold',
                STATUS_STYLES[job.status],
              )}
            >
              {job.status}
            </span>
            <span className="min-w-0 flex-1 truncate text-muted-foreground">
              {job.source_title ||
                job.source_url ||
                `${job.input_type} · ${job.generation_strategy.replace('_', ' ')}`}
              {job.status === 'completed' ? ` · ${job.cards_created} cards` : ''}
              {job.status === 'failed' && job.error_message ? ` · ${job.error_message}` : ''}
            </span>
            {job.source_file_path ? (
              <a
                href={`/api/files/content?path=${encodeURIComponent(job.source_file_path)}`}
                download
                aria-label={`Download ${job.source_title ?? 'the file'}`}
                title="Download the uploaded file"
                className="rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground"
              >
                <Download aria-hidden="true" className="size-3.5" />
              </a>
            ) : null}
            {job.status === 'pending' ? (
              <Button size="sm" variant="ghost" onClick={() => cancel.mutate(job.id)}>
                <X aria-hidden="true" className="size-3.5" />
                Cancel
              </Button>
            ) : null}
            {job.status === 'failed' ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => retry.mutate(job.id, { onSuccess: onRetried })}
              >
                <RotateCcw aria-hidden="true" className="size-3.5" />
                Retry
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The Add Content panel (SPEC §2, §4): text, URL or file; card type; strategy; Generate Cards.
 * The job's status is then followed (every 10 s, at most 30 follow-ups; the server may hold
 * each poll open until the status changes), and the deck refreshes when cards exist.
 */
export function AddContentPanel({ deckId }: { deckId: string }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('text');
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [choice, setChoice] = useState<Choice>('both');
  const [strategy, setStrategy] = useState<Strategy>('standard');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [following, setFollowing] = useState<{ estimate: number } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['decks', deckId] }),
      queryClient.invalidateQueries({ queryKey: ['decks'], exact: true }),
    ]);

  const follow = async (job: GenerationJob) => {
    let known: string = job.status;
    for (let poll = 0; poll <= GENERATION_MAX_POLLS; poll++) {
      try {
        const status = await jobStatus(job.id, known, GENERATION_POLL_INTERVAL_MS / 1000);
        if (status.status === 'completed') {
          toast.success('Cards Generated!', { description: 'Successfully generated new cards.' });
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
    estimate = estimateGenerationSeconds(job.word_count, job.generation_strategy),
  ) => {
    setFollowing({ estimate });
    void follow(job).finally(() => {
      setFollowing(null);
      void queryClient.invalidateQueries({ queryKey: jobsKey(deckId) });
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
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
    setBusy(true);
    try {
      const job = await startGeneration({
        kind: mode,
        deckId,
        content,
        url: url.trim(),
        file: file ?? undefined,
        generationStrategy: strategy,
        requestedCardTypes: requestedCardTypesFor(choice),
        onProgress: mode === 'file' ? setProgress : undefined,
      });
      const estimate = estimateGenerationSeconds(job.word_count, job.generation_strategy);
      toast.success('Generation Started!', {
        description: 'Processing your content. This may take a moment...',
      });
      for (const warning of job.warnings) toast.warning(warning);
      setText('');
      setUrl('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      void queryClient.invalidateQueries({ queryKey: jobsKey(deckId) });
      track(job, estimate);
    } catch (error) {
      toast.error('Generation Failed', {
        description: errorMessage(error, 'Failed to start generation.'),
      });
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const words = countWords(text);
  return (
    <section
      aria-labelledby="add-content-title"
      className="mt-8 rounded-2xl border border-border bg-card p-5 shadow-xs"
    >
      <h2 id="add-content-title" className="flex items-center gap-2 text-lg font-semibold">
        <Sparkles aria-hidden="true" className="size-5 text-primary" />
        Add Content
      </h2>
      <form onSubmit={(event) => void submit(event)} className="mt-4 space-y-4" noValidate>
        <div
          role="tablist"
          aria-label="Input method"
          className="inline-flex rounded-lg bg-muted p-1"
        >
          {MODES.map((item) => (
            <button
              key={item.value}
              type="button"
              role="tab"
              aria-selected={mode === item.value}
              onClick={() => {
                setMode(item.value);
                setProblem(null);
              }}
              className={cn(
                'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium',
                mode === item.value ? 'bg-card text-foreground shadow-xs' : 'text-muted-foreground',
              )}
            >
              <item.icon aria-hidden="true" className="size-4" />
              {item.label}
            </button>
          ))}
        </div>
        {mode === 'text' ? (
          <div>
            <Textarea
              aria-label="Text to learn from"
              placeholder="Paste your notes, an article or a chapter…"
              rows={6}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                // Ctrl+Enter (⌘+Enter on a Mac) generates, as in most editors.
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault();
                  event.currentTarget.form?.requestSubmit();
                }
              }}
            />
            <p className="mt-1 flex justify-between gap-2 text-xs text-muted-foreground">
              <span>
                {words} {words === 1 ? 'word' : 'words'}
                {words > 0 ? ` · about ${Math.ceil(words / 200)} min to read` : ''}
              </span>
              <span className="hidden sm:inline">
                <kbd className="font-sans">Ctrl</kbd>+<kbd className="font-sans">Enter</kbd> to
                generate
              </span>
            </p>
          </div>
        ) : mode === 'url' ? (
          <Input
            type="url"
            aria-label="Web page address"
            placeholder="https://en.wikipedia.org/wiki/Photosynthesis"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        ) : (
          <div>
            <label
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border border-dashed p-4 text-sm hover:bg-muted/50',
                dragging ? 'border-primary bg-primary/5' : 'border-input',
              )}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={(event) => {
                event.preventDefault();
                setDragging(false);
                const dropped = event.dataTransfer.files[0];
                if (dropped) {
                  setFile(dropped);
                  setProblem(null);
                }
              }}
            >
              <FileText aria-hidden="true" className="size-6 text-muted-foreground" />
              <span className="flex-1">
                {file ? (
                  <>
                    <span className="font-medium">{file.name}</span>
                    <span className="ml-2 text-xs text-muted-foreground">
                      {formatBytes(file.size)}
                    </span>
                  </>
                ) : (
                  'Choose or drop a .txt, .md, .pdf, .docx or .doc file (up to 10 MB)'
                )}
              </span>
              <input
                ref={fileInput}
                type="file"
                aria-label="File to learn from"
                accept={UPLOAD_EXTENSIONS.join(',')}
                className="sr-only"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setProblem(null);
                }}
              />
            </label>
            {progress !== null ? (
              <div className="mt-2 flex items-center gap-2 text-xs text-muted-foreground">
                <div
                  role="progressbar"
                  aria-label="Upload progress"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(progress * 100)}
                  className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted"
                >
                  <div
                    className="h-full bg-primary transition-[width]"
                    style={{ width: `${Math.round(progress * 100)}%` }}
                  />
                </div>
                {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Reading the file…'}
              </div>
            ) : null}
          </div>
        )}
        <div className="grid gap-4 lg:grid-cols-2">
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
              <Spinner /> Generating… usually about {following.estimate} seconds
            </span>
          ) : null}
        </div>
      </form>
      <JobList deckId={deckId} onRetried={track} />
    </section>
  );
}
