import { FileText } from 'lucide-react';
import { type RefObject, useState } from 'react';
import { countWords } from '../../../core/content';
import { UPLOAD_EXTENSIONS } from '../../../core/generation-texts';
import { Input, Textarea } from '../../components/ui/input';
import { cn, formatBytes } from '../../lib/utils';
import type { Mode } from './options';

/** The Add Content panel's input: pasted text, a web address, or a file (with upload progress). */
export function SourceInput({
  mode,
  text,
  setText,
  url,
  setUrl,
  file,
  setFile,
  fileInput,
  progress,
}: {
  mode: Mode;
  text: string;
  setText: (text: string) => void;
  url: string;
  setUrl: (url: string) => void;
  file: File | null;
  /** Called with the file the user chose or dropped. */
  setFile: (file: File | null) => void;
  fileInput: RefObject<HTMLInputElement | null>;
  /** Upload progress, 0 to 1, or null. */
  progress: number | null;
}) {
  const [dragging, setDragging] = useState(false);
  const words = countWords(text);
  return mode === 'text' ? (
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
          <kbd className="font-sans">Ctrl</kbd>+<kbd className="font-sans">Enter</kbd> to generate
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
          if (dropped) setFile(dropped);
        }}
      >
        <FileText aria-hidden="true" className="size-6 text-muted-foreground" />
        <span className="flex-1">
          {file ? (
            <>
              <span className="font-medium">{file.name}</span>
              <span className="ml-2 text-xs text-muted-foreground">{formatBytes(file.size)}</span>
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
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
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
  );
}
