import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { createTextThread, type TextThread } from '../generation/text-thread';
import { INTAKE_MESSAGES, IntakeError } from './errors';
import { extractPdfText, type FileLimits } from './files';
import { htmlToText, tidy } from './html-text';
import { isForbiddenAddress, isMalformedNumericHost, parseHostAddress } from './ssrf';

export { IntakeError } from './errors';

export interface FetchUrlOptions {
  /** Total time for every hop, headers and body (default 10 s). */
  timeoutMs?: number;
  /** Largest body read, after decompression (default 5 MB). */
  maxBytes?: number;
  /** Redirects followed (default 5). */
  maxRedirects?: number;
  /**
   * Tests only: addresses this returns true for are allowed even though the SSRF policy refuses
   * them (e.g. the test server on 127.0.0.1). Every other address still goes through the policy.
   */
  allowAddress?: (address: string) => boolean;
  /** Limits for reading a fetched PDF (worker deadline, memory, pages, characters). */
  pdfLimits?: Partial<FileLimits>;
  /** A resolver to use instead of the system's (tests). Must behave like `dns.lookup`. */
  resolve?: typeof dns.lookup;
}

export interface FetchedContent {
  /** The page's title (Readability's, else <title>, else the PDF's); null when there is none. */
  title: string | null;
  /** The main text. */
  content: string;
  /** The media type the server declared (or sniffed, when it declared none), without parameters. */
  contentType: string;
  /** The address the content came from after redirects. */
  finalUrl: string;
}

/** The limits of SPEC-level URL intake: 10 s, 5 MB, 5 redirects. */
export const URL_LIMITS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 };

const failed = (reason: string, code = 'URL_FAILED', status: 400 | 422 = 422) =>
  new IntakeError(INTAKE_MESSAGES.processUrl(reason), status, code);
const refused = (host: string) =>
  failed(`the address of ${host} is not a public address`, 'URL_FORBIDDEN');
/**
 * A name that does not resolve and a name that resolves only to addresses we do not fetch get
 * the same answer, so the errors cannot map which internal host names exist (issue 21).
 */
const unknownHost = (host: string) =>
  failed(`the host ${host} was not found or is not public`, 'URL_NOT_FOUND');

type Policy = (address: string) => boolean;

/**
 * The resolver handed to the socket: it asks DNS, then refuses the connection when any answer
 * is not public. Checking here, and not in a lookup made before the request, means the address
 * judged is the one connected to, so a DNS answer that changes between two lookups (DNS
 * rebinding) gains nothing.
 */
function guardedLookup(allowed: Policy, resolve: typeof dns.lookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, answers) => {
      const list = (answers ?? []) as unknown as dns.LookupAddress[];
      if (error) return callback(error, '', 4);
      const bad = list.length === 0 || list.some((entry) => !allowed(entry.address));
      if (bad) {
        const refusal = Object.assign(unknownHost(hostname), { code: 'URL_NOT_FOUND' });
        return callback(refusal as unknown as NodeJS.ErrnoException, '', 4);
      }
      if (options.all) {
        (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      } else {
        const first = list[0] as dns.LookupAddress;
        callback(null, first.address, first.family);
      }
    });
  };
}

interface Answer {
  status: number;
  location: string | null;
  contentType: string;
  body: Buffer;
}

function decompress(response: http.IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return response.pipe(zlib.createGunzip());
  if (encoding === 'deflate') return response.pipe(zlib.createInflate());
  if (encoding === 'br') return response.pipe(zlib.createBrotliDecompress());
  if (encoding === '' || encoding === 'identity') return response;
  throw failed(`the page uses an unknown encoding (${encoding})`);
}

function requestOnce(
  url: URL,
  maxBytes: number,
  lookup: LookupFunction,
  signal: AbortSignal,
): Promise<Answer> {
  const tooLarge = () =>
    failed(`the page is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`, 'URL_TOO_LARGE');
  return new Promise<Answer>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      {
        lookup,
        agent: false,
        signal,
        headers: {
          'user-agent': 'Mozilla/5.0 (compatible; Mnemo/1.0; +flashcards)',
          accept:
            'text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.9,*/*;q=0.1',
          'accept-encoding': 'gzip, deflate, br',
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location ?? null;
        const contentType = String(response.headers['content-type'] ?? '').toLowerCase();
        if (status >= 300 && status < 400) {
          response.resume();
          resolve({ status, location, contentType, body: Buffer.alloc(0) });
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          resolve({ status, location, contentType, body: Buffer.alloc(0) });
          return;
        }
        if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
          response.destroy();
          reject(tooLarge());
          return;
        }
        let body: Readable;
        try {
          body = decompress(response);
        } catch (error) {
          response.destroy();
          reject(error);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        body.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            body.destroy();
            reject(tooLarge());
            return;
          }
          chunks.push(chunk);
        });
        body.on('end', () =>
          resolve({ status, location, contentType, body: Buffer.concat(chunks) }),
        );
        body.on('error', reject);
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/** The charset a response declares in its header or, for HTML, in its first bytes. */
function decode(body: Buffer, contentType: string, html: boolean): string {
  let charset = /charset\s*=\s*["']?([\w-]+)/i.exec(contentType)?.[1];
  if (!charset && html) {
    const head = body.subarray(0, 2048).toString('latin1');
    charset = /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1];
  }
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

export { htmlToText };

/** The thread that turns fetched pages into text (started with the first page). */
let htmlThread: TextThread | undefined;

/** The media type to read a body as: the declared one, or a sniffed one when none is given. */
function mediaType(declared: string, body: Buffer): string {
  const type = declared.split(';')[0]?.trim() ?? '';
  if (type && type !== 'application/octet-stream') return type;
  const head = body.subarray(0, 1024).toString('latin1');
  if (head.includes('%PDF-')) return 'application/pdf';
  if (/^\s*(<!doctype html|<html|<head|<body)/i.test(head)) return 'text/html';
  return type || 'application/octet-stream';
}

function parseUrl(raw: string): URL {
  try {
    return new URL(raw.trim());
  } catch {
    throw new IntakeError(INTAKE_MESSAGES.invalidUrlFormat, 400, 'INVALID_URL');
  }
}

/**
 * Fetches a web page for generation, safely. Only http and https; only public addresses,
 * judged by `isForbiddenAddress` on every IP literal and, for names, on the address the socket
 * connects to; every redirect hop is checked again (at most 5); 10 s in total; 5 MB read at
 * most, counted while streaming (after decompression). HTML becomes its main text (Readability,
 * title kept), text/* is taken as is, and a PDF is read in a bounded worker.
 *
 * Throws IntakeError: 'Invalid URL format' (400), 'Failed to process URL: {msg}' (422; 400 for
 * a scheme other than http/https), 'Failed to extract content from URL' (422, nothing to read).
 */
export async function fetchUrlContent(
  raw: string,
  options: FetchUrlOptions = {},
): Promise<FetchedContent> {
  const limits = { ...URL_LIMITS, ...options };
  const exempt = options.allowAddress;
  const allowed: Policy = (address) =>
    Boolean(exempt?.(parseHostAddress(address) ?? address)) || !isForbiddenAddress(address);
  const lookup = guardedLookup(allowed, options.resolve ?? dns.lookup);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const deadline = Date.now() + limits.timeoutMs;
  const timedOut = () =>
    failed(`no complete answer within ${limits.timeoutMs / 1000} seconds`, 'URL_TIMEOUT');

  let url = parseUrl(raw);
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw failed('only http and https addresses can be fetched', 'URL_SCHEME', 400);
    }
    if (url.username || url.password) {
      throw failed(
        'addresses with a user name or password are not fetched',
        'URL_CREDENTIALS',
        400,
      );
    }
    // An IP literal opens a socket without any lookup, so it is judged here; a name is judged
    // by the guarded lookup when the socket resolves it.
    const literal = parseHostAddress(url.hostname);
    if ((literal && !allowed(literal)) || isMalformedNumericHost(url.hostname)) {
      throw refused(url.hostname);
    }

    let answer: Answer;
    try {
      answer = await requestOnce(url, limits.maxBytes, lookup, signal);
    } catch (error) {
      if (signal.aborted) throw timedOut();
      if (error instanceof IntakeError) throw error;
      const err = error as NodeJS.ErrnoException;
      if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') {
        throw unknownHost(url.hostname);
      }
      // The system's own words (addresses, ports) stay in the log, not in the answer.
      throw failed('the page could not be reached', 'URL_UNREACHABLE');
    }

    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      if (hop >= limits.maxRedirects) {
        throw failed(`more than ${limits.maxRedirects} redirects`, 'URL_REDIRECTS');
      }
      try {
        url = new URL(answer.location, url);
      } catch {
        throw failed('the page redirects to an invalid address', 'URL_REDIRECTS');
      }
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw failed(`the server answered ${answer.status}`, 'URL_STATUS');
    }

    const type = mediaType(answer.contentType, answer.body);
    let title: string | null = null;
    let text: string;
    if (type === 'text/html' || type === 'application/xhtml+xml') {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw timedOut();
      // Parsing a page of megabytes takes seconds: in a thread, not on the event loop.
      htmlThread ??= createTextThread();
      ({ title, text } = await htmlThread
        .run(
          { kind: 'html', html: decode(answer.body, answer.contentType, true), url: url.href },
          AbortSignal.timeout(remaining),
        )
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'TimeoutError') throw timedOut();
          throw error;
        }));
    } else if (type.startsWith('text/')) {
      text = tidy(decode(answer.body, answer.contentType, false));
    } else if (type === 'application/pdf') {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw timedOut();
      ({ title, text } = await extractPdfText(new Uint8Array(answer.body), {
        ...options.pdfLimits,
        extractTimeoutMs: Math.min(options.pdfLimits?.extractTimeoutMs ?? remaining, remaining),
      }).catch((error: unknown) => {
        if (error instanceof IntakeError) {
          throw failed(error.message.replace(/^Failed to process file: /, ''), error.code);
        }
        throw error;
      }));
      text = tidy(text);
    } else {
      throw failed(`cannot read content of type ${type}`, 'URL_CONTENT_TYPE');
    }
    if (!text) throw new IntakeError(INTAKE_MESSAGES.extractUrl, 422, 'URL_NO_TEXT');
    return { title, content: text, contentType: type, finalUrl: url.href };
  }
}
