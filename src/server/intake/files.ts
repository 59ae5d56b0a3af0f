import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import yauzl from 'yauzl';
import { trimCharsEnd } from '../../core/content/scan';
import { INTAKE_MESSAGES, IntakeError } from './errors';

/** The five kinds of file intake reads (the File tab accepts all of them). */
export const FILE_KINDS = ['txt', 'md', 'pdf', 'docx', 'doc'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** What a file's first bytes say it is. */
export type SniffedType = 'pdf' | 'zip' | 'ole2' | 'text' | 'unknown';

export interface FileLimits {
  /** Largest file read (bytes); larger ones get 'File size exceeds 10MB limit'. */
  maxBytes: number;
  /** Time a worker may spend on one PDF, .docx or .doc before it is terminated. */
  extractTimeoutMs: number;
  /**
   * V8 old-generation heap of that worker (MB). Raised to `MIN_EXTRACT_MEMORY_MB` at least: below
   * a few MB, Node 22+ aborts the whole process while starting the worker instead of raising
   * ERR_WORKER_OUT_OF_MEMORY.
   */
  extractMemoryMb: number;
  /** Extractions running at once in this process; more wait their turn. */
  extractConcurrency: number;
  /** Pages of a PDF read; the rest is ignored (the result says `truncated`). */
  maxPdfPages: number;
  /** Characters of text kept from one file. */
  maxChars: number;
  /** .docx: total unpacked size, as declared and as actually inflated. */
  docxMaxUnpackedBytes: number;
  /** .docx: entries in the zip. */
  docxMaxEntries: number;
  /** .docx: unpacked / packed size of one entry larger than 1 MB. */
  docxMaxRatio: number;
}

/** The smallest worker heap that fails cleanly (measured: 2 MB aborts Node 22 and 24, 4 MB does not). */
export const MIN_EXTRACT_MEMORY_MB = 8;

export const FILE_LIMITS: FileLimits = {
  maxBytes: 10 * 1024 * 1024,
  extractTimeoutMs: 20_000,
  extractMemoryMb: 256,
  extractConcurrency: 2,
  maxPdfPages: 500,
  maxChars: 1_000_000,
  docxMaxUnpackedBytes: 50 * 1024 * 1024,
  docxMaxEntries: 2000,
  docxMaxRatio: 200,
};

export interface ExtractFileInput {
  /** The file's bytes, or `path` to read them from disk. */
  bytes?: Uint8Array;
  path?: string;
  /** The name the user gave the file; its extension must agree with the content. */
  filename: string;
  /** The MIME type the client declared. Not trusted: the content decides. */
  mimeType?: string;
}

export interface ExtractedFile {
  kind: FileKind;
  /** The document's own title when it has one (PDF metadata, .docx properties, a Markdown h1). */
  title: string | null;
  content: string;
  /** True when page or character caps cut the text short. */
  truncated: boolean;
  /** Pages of a PDF; null for other kinds. */
  pages: number | null;
}

const unsupported = () =>
  new IntakeError(INTAKE_MESSAGES.unsupportedFileType, 415, 'UNSUPPORTED_FILE_TYPE');
const failed = (reason: string, code = 'FILE_UNREADABLE') =>
  new IntakeError(INTAKE_MESSAGES.processFile(reason), 422, code);

const EXPECTED: Record<FileKind, SniffedType> = {
  txt: 'text',
  md: 'text',
  pdf: 'pdf',
  docx: 'zip',
  doc: 'ole2',
};

/** The kind a file name claims, or null when its extension is not one of the five. */
export function kindFromFilename(filename: string): FileKind | null {
  const extension = path.extname(filename.trim()).slice(1).toLowerCase();
  return (FILE_KINDS as readonly string[]).includes(extension) ? (extension as FileKind) : null;
}

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * Decodes text: UTF-16 when a byte-order mark says so (Windows Notepad's "Unicode"), otherwise
 * UTF-8; invalid sequences and NUL characters (binary files) give null.
 */
function decodeText(bytes: Uint8Array): string | null {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? 'utf-16le'
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? 'utf-16be'
        : 'utf-8';
  if (encoding === 'utf-8' && bytes.includes(0)) return null;
  try {
    const text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
    return text.includes('\u0000') ? null : text;
  } catch {
    return null;
  }
}

/**
 * Sniffs a file's type from its bytes: `%PDF-` (within the first 1024 bytes, as readers
 * allow), a zip local header `PK\x03\x04`, the OLE2 signature D0CF11E0A1B11AE1 of Word 97-2003,
 * or UTF-8 text without NULs.
 */
export function sniffFileType(bytes: Uint8Array): SniffedType {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024));
  if (head.indexOf('%PDF-') !== -1) return 'pdf';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x504b0304) return 'zip';
  if (OLE2.every((byte, index) => head[index] === byte)) return 'ole2';
  return decodeText(bytes) === null ? 'unknown' : 'text';
}

/**
 * Checks a .docx for zip bombs and unpacks it: the central directory first (entry count,
 * declared sizes, compression ratio, duplicate names, word/document.xml present), then every
 * entry inflated with the bytes counted as they come. Only these bytes reach the parser.
 */
export async function unpackDocx(
  bytes: Uint8Array,
  limits: Pick<
    FileLimits,
    'docxMaxUnpackedBytes' | 'docxMaxEntries' | 'docxMaxRatio'
  > = FILE_LIMITS,
): Promise<Map<string, Uint8Array>> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, file) =>
        error ? reject(error) : resolve(file),
      ),
    );
  } catch (error) {
    throw failed(`the document is not a valid .docx (${(error as Error).message})`);
  }
  const tooBig = () =>
    failed(
      `the document unpacks to more than ${Math.round(limits.docxMaxUnpackedBytes / 1024 / 1024)} MB`,
      'ZIP_BOMB',
    );
  try {
    if (zip.entryCount > limits.docxMaxEntries) {
      throw failed(`the document has more than ${limits.docxMaxEntries} parts`, 'ZIP_BOMB');
    }
    const entries: yauzl.Entry[] = [];
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push(entry);
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', reject);
      zip.readEntry();
    }).catch((error: Error) => {
      throw failed(`the document is not a valid .docx (${error.message})`);
    });

    let declared = 0;
    const names = new Set<string>();
    for (const entry of entries) {
      if (names.has(entry.fileName)) throw failed('the document has duplicate parts');
      names.add(entry.fileName);
      declared += entry.uncompressedSize;
      if (declared > limits.docxMaxUnpackedBytes) throw tooBig();
      const large = entry.uncompressedSize > 1024 * 1024;
      if (
        large &&
        entry.uncompressedSize / Math.max(entry.compressedSize, 1) > limits.docxMaxRatio
      ) {
        throw failed('the document is compressed suspiciously well', 'ZIP_BOMB');
      }
    }
    if (!names.has('word/document.xml')) throw unsupported();

    const parts = new Map<string, Uint8Array>();
    let inflated = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (error, readStream) =>
          error ? reject(failed(`a part cannot be read (${error.message})`)) : resolve(readStream),
        ),
      );
      const chunks: Buffer[] = [];
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        inflated += chunk.length;
        if (inflated > limits.docxMaxUnpackedBytes) {
          (stream as unknown as { destroy(): void }).destroy();
          throw tooBig();
        }
        chunks.push(chunk);
      }
      parts.set(entry.fileName, new Uint8Array(Buffer.concat(chunks)));
    }
    return parts;
  } catch (error) {
    if (error instanceof IntakeError) throw error;
    throw failed(`the document is not a valid .docx (${(error as Error).message})`);
  } finally {
    zip.close();
  }
}

/** A counting semaphore: at most `limit` extractions hold a worker at once. */
function semaphore(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

const gates = new Map<number, ReturnType<typeof semaphore>>();
function gate(limit: number) {
  let existing = gates.get(limit);
  if (!existing) gates.set(limit, (existing = semaphore(limit)));
  return existing;
}

type WorkerJob =
  | { kind: 'pdf'; bytes: Uint8Array; maxPages: number; maxChars: number }
  | { kind: 'docx'; entries: [string, Uint8Array][]; maxChars: number }
  | { kind: 'doc'; bytes: Uint8Array; maxChars: number };

interface WorkerResult {
  title: string | null;
  text: string;
  pages: number | null;
  truncated: boolean;
}

type WorkerMessage = ({ ok: true } & WorkerResult) | { ok: false; message: string };

const WORKER_URL = new URL('./extract-worker.mjs', import.meta.url);

/**
 * Runs one extraction in a worker thread with a heap limit and a deadline; past either the
 * worker is terminated and the caller gets 'Failed to process file: …'.
 */
function runInWorker(job: WorkerJob, limits: FileLimits): Promise<WorkerResult> {
  return gate(limits.extractConcurrency)(
    () =>
      new Promise<WorkerResult>((resolve, reject) => {
        const heapMb = Math.max(MIN_EXTRACT_MEMORY_MB, limits.extractMemoryMb);
        const worker = new Worker(WORKER_URL, {
          workerData: job,
          resourceLimits: {
            maxOldGenerationSizeMb: heapMb,
            maxYoungGenerationSizeMb: Math.min(64, Math.max(8, heapMb / 8)),
            stackSizeMb: 4,
          },
          stdout: true,
          stderr: true,
        });
        // pdf.js and word-extractor may print warnings; they are not ours to show.
        worker.stdout.resume();
        worker.stderr.resume();
        let settled = false;
        const finish = (error: IntakeError | null, result?: WorkerResult) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          void worker.terminate();
          if (error) reject(error);
          else resolve(result as WorkerResult);
        };
        const timer = setTimeout(
          () => finish(failed('reading the file took too long', 'EXTRACT_TIMEOUT')),
          limits.extractTimeoutMs,
        );
        worker.on('message', (message: WorkerMessage) => {
          if (message.ok) finish(null, message);
          else finish(failed(message.message));
        });
        worker.on('error', (error: NodeJS.ErrnoException) => {
          finish(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? failed('reading the file needs too much memory', 'EXTRACT_OUT_OF_MEMORY')
              : failed(error.message || 'the file could not be read'),
          );
        });
        worker.on('exit', () => finish(failed('the reader stopped unexpectedly')));
      }),
  );
}

/** Text of a PDF, read in a bounded worker. Also used for PDFs fetched from a URL. */
export async function extractPdfText(
  bytes: Uint8Array,
  limits: Partial<FileLimits> = {},
): Promise<WorkerResult> {
  const all = { ...FILE_LIMITS, ...limits };
  return runInWorker(
    { kind: 'pdf', bytes, maxPages: all.maxPdfPages, maxChars: all.maxChars },
    all,
  );
}

function docxTitle(parts: Map<string, Uint8Array>): string | null {
  const core = parts.get('docProps/core.xml');
  if (!core || core.length > 256 * 1024) return null;
  const match = /<dc:title>([^<]*)<\/dc:title>/.exec(new TextDecoder().decode(core));
  const title = match?.[1]
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
  return title || null;
}

/**
 * The first level-one heading ('# Title', closing #s dropped) in the first 10,000 characters.
 * A scan of lines: the pattern `/^#\s+(.+?)\s*#*\s*$/m` took minutes on a heading line of
 * spaces (three quantifiers over the same spaces).
 */
export function markdownTitle(text: string): string | null {
  for (const line of text.slice(0, 10_000).split('\n')) {
    if (line[0] !== '#' || line[1] === undefined || line[1].trim() !== '') continue;
    const title = trimCharsEnd(line.slice(1), '#').trim();
    if (title) return title;
  }
  return null;
}

async function loadBytes(input: ExtractFileInput, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => new IntakeError(INTAKE_MESSAGES.fileTooLarge, 413, 'FILE_TOO_LARGE');
  if (input.bytes) {
    if (input.bytes.length > maxBytes) throw tooLarge();
    return input.bytes;
  }
  if (!input.path) throw new IntakeError(INTAKE_MESSAGES.selectFile, 400, 'NO_FILE');
  try {
    if ((await stat(input.path)).size > maxBytes) throw tooLarge();
    return new Uint8Array(await readFile(input.path));
  } catch (error) {
    if (error instanceof IntakeError) throw error;
    throw failed(
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'file not found'
        : 'cannot read the file',
    );
  }
}

/**
 * Reads the text of an uploaded .txt, .md, .pdf, .docx or .doc. The extension and the content
 * must agree ('Unsupported file type. Supported types: .txt, .pdf, .docx, .doc, .md', 415
 * otherwise); a .docx is checked for zip bombs before it is parsed; PDF, .docx and .doc are
 * parsed in a worker thread with a memory limit and a deadline. A file that cannot be parsed
 * gives 'Failed to process file: {msg}' and one without text 'Failed to extract content from
 * file' (both 422).
 */
export async function extractFileText(
  input: ExtractFileInput,
  limits: Partial<FileLimits> = {},
): Promise<ExtractedFile> {
  const all = { ...FILE_LIMITS, ...limits };
  const kind = kindFromFilename(input.filename);
  if (!kind) throw unsupported();
  const bytes = await loadBytes(input, all.maxBytes);
  if (sniffFileType(bytes) !== EXPECTED[kind]) throw unsupported();

  let result: WorkerResult;
  if (kind === 'txt' || kind === 'md') {
    const text = (decodeText(bytes) ?? '').replace(/^\uFEFF/, '');
    const truncated = text.length > all.maxChars;
    const content = truncated ? text.slice(0, all.maxChars) : text;
    result = {
      title: kind === 'md' ? markdownTitle(content) : null,
      text: content,
      pages: null,
      truncated,
    };
  } else if (kind === 'pdf') {
    result = await extractPdfText(bytes, all);
  } else if (kind === 'docx') {
    const parts = await unpackDocx(bytes, all);
    result = await runInWorker({ kind: 'docx', entries: [...parts], maxChars: all.maxChars }, all);
    result.title = docxTitle(parts);
  } else {
    result = await runInWorker({ kind: 'doc', bytes, maxChars: all.maxChars }, all);
  }
  const content = result.text.replace(/\r\n?/g, '\n').trim();
  if (!content) throw new IntakeError(INTAKE_MESSAGES.extractFile, 422, 'NO_TEXT');
  return { kind, title: result.title, content, truncated: result.truncated, pages: result.pages };
}
