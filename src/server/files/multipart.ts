import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { MAX_UPLOAD_BYTES, REQUEST_MESSAGES } from '../../core/generation-requests';
import { badRequest, HttpError } from '../http/errors';

/** One uploaded file, read into memory (at most `maxFileBytes`). */
export interface UploadedFile {
  filename: string;
  /** As the client declared it; never trusted (intake sniffs the bytes). */
  mimeType: string;
  bytes: Uint8Array;
}

export interface MultipartForm {
  fields: Record<string, string[]>;
  file: UploadedFile | null;
}

/** One uploaded file streamed to a file on disk (the caller removes it). */
export interface StreamedFile {
  filename: string;
  mimeType: string;
  /** Where it was written. */
  path: string;
  size: number;
}

/** How a streamed upload is received: where it goes, how large it may be, what 413 says. */
export interface StreamTarget {
  path: string;
  maxBytes: number;
  tooLargeMessage: string;
}

/** Room for the form's other fields and the multipart framing around the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const tooLargeError = (message: string) => new HttpError(413, 'FILE_TOO_LARGE', message);

/**
 * Reads a multipart/form-data request as it streams: text fields, and one part named `file`
 * counted byte by byte. The moment the file passes `maxFileBytes` reading stops and the request
 * fails with 'File size exceeds 10MB limit' (413); a body whose declared length is already too
 * large is refused before a byte is read. Nothing is written anywhere.
 */
export async function readMultipart(
  request: Request,
  maxFileBytes = MAX_UPLOAD_BYTES,
): Promise<MultipartForm> {
  const form = await receive(request, maxFileBytes, REQUEST_MESSAGES.fileTooLarge, null);
  return {
    fields: form.fields,
    file: form.file && {
      filename: form.file.filename,
      mimeType: form.file.mimeType,
      bytes: new Uint8Array(Buffer.concat(form.chunks)),
    },
  };
}

/**
 * Like `readMultipart`, but the file part is written to `target.path` as it arrives (with
 * back-pressure: the upload is never held in memory), up to `target.maxBytes`; past it the
 * request fails with 413 and `target.tooLargeMessage`, and the partial file is removed.
 */
export async function streamMultipart(
  request: Request,
  target: StreamTarget,
): Promise<{ fields: Record<string, string[]>; file: StreamedFile | null }> {
  const form = await receive(request, target.maxBytes, target.tooLargeMessage, target.path);
  return {
    fields: form.fields,
    file: form.file && { ...form.file, path: target.path, size: form.size },
  };
}

interface Received {
  fields: Record<string, string[]>;
  file: { filename: string; mimeType: string } | null;
  chunks: Buffer[];
  size: number;
}

async function receive(
  request: Request,
  maxFileBytes: number,
  tooLargeMessage: string,
  toFile: string | null,
): Promise<Received> {
  const tooLarge = () => tooLargeError(tooLargeMessage);
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;/i.test(type)) {
    throw new HttpError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Request body must be multipart/form-data with a file',
    );
  }
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > maxFileBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
  if (!request.body) throw badRequest(REQUEST_MESSAGES.selectFile, 'NO_FILE');

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': type },
      defParamCharset: 'utf8',
      limits: {
        // One byte of slack: busboy signals its limit on reaching it, but exactly 10 MB is allowed.
        fileSize: maxFileBytes + 1,
        files: 1,
        fields: 20,
        fieldSize: 16 * 1024,
        parts: 25,
      },
    });
  } catch {
    throw badRequest('Malformed multipart body', 'INVALID_MULTIPART');
  }
  const body = Readable.fromWeb(request.body as Parameters<typeof Readable.fromWeb>[0]);

  return new Promise<Received>((resolve, reject) => {
    const fields: Record<string, string[]> = {};
    let file: Received['file'] = null;
    const chunks: Buffer[] = [];
    let size = 0;
    let out: WriteStream | null = null;
    let failed = false;
    let fileRead: Promise<void> = Promise.resolve();
    const fail = (error: HttpError) => {
      if (failed) return;
      failed = true;
      body.unpipe(parser);
      body.destroy();
      if (!out) return reject(error);
      // The partial file is gone before the request fails. A stream destroyed before its file
      // was opened still opens (then closes) it: remove the file once the stream has closed.
      const sink = out;
      const remove = () =>
        void rm(sink.path as string, { force: true }).finally(() => reject(error));
      if (sink.closed) remove();
      else {
        sink.once('close', remove);
        sink.destroy();
      }
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(badRequest(`${name}: value is too long`, 'FIELD_TOO_LONG'));
      else (fields[name] ??= []).push(value);
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || file) {
        stream.resume();
        return;
      }
      file = { filename: info.filename ?? '', mimeType: info.mimeType };
      const sink = toFile ? createWriteStream(toFile, { flags: 'wx', mode: 0o600 }) : null;
      out = sink;
      sink?.on('error', () =>
        fail(new HttpError(500, 'UPLOAD_FAILED', 'The upload could not be kept')),
      );
      fileRead = new Promise<void>((done) => {
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxFileBytes) fail(tooLarge());
          else if (!sink) chunks.push(chunk);
          else if (!sink.write(chunk)) {
            stream.pause();
            sink.once('drain', () => stream.resume());
          }
        });
        stream.on('limit', () => fail(tooLarge()));
        stream.on('close', () => (sink && !failed ? sink.end(done) : done()));
        stream.on('error', () => done());
      });
    });
    parser.on('filesLimit', () => fail(badRequest('Upload one file at a time', 'TOO_MANY_FILES')));
    parser.on('partsLimit', () => fail(badRequest('Too many form fields', 'TOO_MANY_FIELDS')));
    parser.on('fieldsLimit', () => fail(badRequest('Too many form fields', 'TOO_MANY_FIELDS')));
    parser.on('error', () => fail(badRequest('Malformed multipart body', 'INVALID_MULTIPART')));
    parser.on('close', () => {
      void fileRead.then(() => {
        if (failed) return;
        resolve({ fields, file, chunks, size });
      });
    });
    body.on('error', () => fail(badRequest('The upload was interrupted', 'UPLOAD_ABORTED')));
    body.pipe(parser);
  });
}
