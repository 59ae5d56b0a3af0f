import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { GENERATION_MESSAGES } from '../../core/generation-requests';
import { isForbiddenAddress, isIpLiteral } from './ssrf';

/** A failure of intake whose message is meant for the user. */
export class IntakeError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 422 = 422,
  ) {
    super(message);
    this.name = 'IntakeError';
  }
}

export interface FetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Tests only: also allow these addresses (the production policy refuses loopback). */
  allowAddresses?: string[];
}

export interface FetchedContent {
  title: string | null;
  content: string;
  contentType: string;
  finalUrl: string;
}

export const URL_LIMITS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 };

const failed = (reason: string) => new IntakeError(GENERATION_MESSAGES.processUrl(reason));

/** A DNS lookup that refuses forbidden addresses: the check is on the address connected to. */
function safeLookup(allowed: Set<string>): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(
      hostname,
      { all: true, family: options.family as number | undefined },
      (error, addresses) => {
        if (error) return callback(error, '', 4);
        const list = addresses as dns.LookupAddress[];
        const bad = list.find(
          (entry) => isForbiddenAddress(entry.address) && !allowed.has(entry.address),
        );
        if (bad || list.length === 0) {
          return callback(
            Object.assign(new Error(`the address of ${hostname} is not public`), {
              code: 'EFORBIDDEN',
            }),
            '',
            4,
          );
        }
        if ((options as { all?: boolean }).all) {
          return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
        }
        const first = list[0] as dns.LookupAddress;
        callback(null, first.address, first.family);
      },
    );
  };
}

interface RawResponse {
  status: number;
  location: string | null;
  contentType: string;
  body: Buffer;
}

function requestOnce(
  url: URL,
  options: Required<Omit<FetchOptions, 'allowAddresses'>>,
  allowed: Set<string>,
  signal: AbortSignal,
) {
  return new Promise<RawResponse>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      {
        lookup: safeLookup(allowed),
        agent: false,
        signal,
        headers: {
          'user-agent': 'Mnemo/1.0 (+flashcards)',
          accept: 'text/html,text/plain,text/markdown,application/pdf;q=0.9,*/*;q=0.1',
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
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > options.maxBytes) {
          response.destroy();
          reject(failed(`the page is larger than ${options.maxBytes / 1024 / 1024} MB`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(failed(`the page is larger than ${options.maxBytes / 1024 / 1024} MB`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status, location, contentType, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

async function pdfText(data: Buffer): Promise<{ title: string | null; text: string }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= Math.min(document.numPages, 300); number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const info = (await document.getMetadata().catch(() => null))?.info as
    { Title?: string } | undefined;
  await document.destroy();
  return { title: info?.Title || null, text: pages.join('\n\n') };
}

function htmlText(html: string, url: string): { title: string | null; text: string } {
  const { document } = parseHTML(html);
  const article = new Readability(document as unknown as Document, { charThreshold: 100 }).parse();
  const title = article?.title || document.querySelector('title')?.textContent || null;
  const text = (article?.textContent ?? document.body?.textContent ?? '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n\s*/g, '\n\n')
    .trim();
  void url;
  return { title: title?.trim() || null, text };
}

/**
 * Fetches a web page for generation: http(s) only, public addresses only (checked on the
 * address connected to, at every redirect), at most 5 redirects, 10 s and 5 MB. HTML becomes
 * its main text (Readability, title kept); text/plain, markdown and PDF are read too.
 */
export async function fetchUrlContent(
  raw: string,
  options: FetchOptions = {},
): Promise<FetchedContent> {
  const limits = { ...URL_LIMITS, ...options };
  const allowed = new Set(options.allowAddresses ?? []);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new IntakeError(GENERATION_MESSAGES.invalidUrlFormat, 400);
  }
  const signal = AbortSignal.timeout(limits.timeoutMs);
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw failed('only http and https addresses can be fetched');
    }
    if (url.username || url.password) throw failed('addresses with a user name are not fetched');
    if (
      isIpLiteral(url.hostname) &&
      isForbiddenAddress(url.hostname) &&
      !allowed.has(url.hostname.replace(/^\[|\]$/g, ''))
    ) {
      throw failed(`the address ${url.hostname} is not public`);
    }
    let response: RawResponse;
    try {
      response = await requestOnce(url, limits, allowed, signal);
    } catch (error) {
      if (error instanceof IntakeError) throw error;
      const err = error as NodeJS.ErrnoException;
      if (err.name === 'AbortError' || err.name === 'TimeoutError' || signal.aborted) {
        throw failed(`no answer within ${limits.timeoutMs / 1000} seconds`);
      }
      throw failed(err.message || 'the page could not be reached');
    }
    if (response.status >= 300 && response.status < 400 && response.location) {
      if (hop >= limits.maxRedirects) throw failed(`more than ${limits.maxRedirects} redirects`);
      url = new URL(response.location, url);
      continue;
    }
    if (response.status < 200 || response.status >= 300) {
      throw failed(`the server answered ${response.status}`);
    }
    const type = response.contentType.split(';')[0]?.trim() ?? '';
    let title: string | null = null;
    let text: string;
    if (type === 'text/html' || type === 'application/xhtml+xml' || type === '') {
      ({ title, text } = htmlText(response.body.toString('utf8'), url.toString()));
    } else if (type.startsWith('text/')) {
      text = response.body.toString('utf8');
    } else if (type === 'application/pdf') {
      ({ title, text } = await Promise.race([
        pdfText(response.body),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(failed('the PDF took too long to read')), limits.timeoutMs),
        ),
      ]));
    } else {
      throw failed(`cannot read content of type ${type}`);
    }
    if (!text.trim()) throw new IntakeError(GENERATION_MESSAGES.extractUrl);
    return { title, content: text, contentType: type, finalUrl: url.toString() };
  }
}
