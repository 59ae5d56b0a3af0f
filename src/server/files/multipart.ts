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

/** Room for the form's other fields and the multipart framing around the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = () => new HttpError(413, 'FILE_TOO_LARGE', REQUEST_MESSAGES.fileTooLarge);

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

  return new Promise<MultipartForm>((resolve, reject) => {
    const fields: Record<string, string[]> = {};
    let file: Omit<UploadedFile, 'bytes'> | null = null;
    const chunks: Buffer[] = [];
    let failed = false;
    let fileRead: Promise<void> = Promise.resolve();
    const fail = (error: HttpError) => {
      if (failed) return;
      failed = true;
      body.unpipe(parser);
      body.destroy();
      reject(error);
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
      fileRead = new Promise<void>((done) => {
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxFileBytes) fail(tooLarge());
          else chunks.push(chunk);
        });
        stream.on('limit', () => fail(tooLarge()));
        stream.on('close', done);
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
        resolve({
          fields,
          file: file && { ...file, bytes: new Uint8Array(Buffer.concat(chunks)) },
        });
      });
    });
    body.on('error', () => fail(badRequest('The upload was interrupted', 'UPLOAD_ABORTED')));
    body.pipe(parser);
  });
}
