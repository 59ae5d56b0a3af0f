// The text extractor that runs inside a worker thread (see files.ts: `runInWorker`), so that a
// hostile PDF, .docx or .doc can exhaust only this thread's memory limit and time budget, never
// the server's. Plain JavaScript because a worker loads its file with Node's own loader, whatever
// runs the server (tsx, Vitest or built output).
import { parentPort, workerData } from 'node:worker_threads';

/**
 * @typedef {{ kind: 'pdf', bytes: Uint8Array, maxPages: number, maxChars: number }} PdfJob
 * @typedef {{ kind: 'docx', entries: [string, Uint8Array][], maxChars: number }} DocxJob
 * @typedef {{ kind: 'doc', bytes: Uint8Array, maxChars: number }} DocJob
 */

/** @param {PdfJob} job */
async function readPdf(job) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loading = pdfjs.getDocument({
    data: job.bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    verbosity: 0,
  });
  const document = await loading.promise;
  const pages = Math.min(document.numPages, job.maxPages);
  let text = '';
  let truncated = document.numPages > job.maxPages;
  for (let number = 1; number <= pages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    let pageText = '';
    let lastY = null;
    for (const item of content.items) {
      if (!('str' in item)) continue;
      // pdf.js gives lines, not paragraphs: a gap of more than one and a half lines between two
      // lines starts a new paragraph, which sentence splitting and LLM chunking rely on.
      const y = item.transform[5];
      const height = item.height || Math.abs(item.transform[3]) || 12;
      if (lastY !== null && pageText.endsWith('\n') && Math.abs(lastY - y) > height * 1.5) {
        pageText += '\n';
      }
      if (item.str) lastY = y;
      pageText += item.str + (item.hasEOL ? '\n' : '');
    }
    page.cleanup();
    text += (text ? '\n\n' : '') + pageText.trim();
    if (text.length > job.maxChars) {
      truncated = true;
      break;
    }
  }
  const metadata = await document.getMetadata().catch(() => null);
  const info = /** @type {{ Title?: unknown } | undefined} */ (metadata?.info);
  await loading.destroy();
  const title = typeof info?.Title === 'string' && info.Title.trim() ? info.Title.trim() : null;
  return { title, text, pages: document.numPages, truncated };
}

/** @param {DocxJob} job */
async function readDocx(job) {
  const { default: mammoth } = await import('mammoth');
  const entries = new Map(job.entries);
  // mammoth reads through this object instead of unzipping the file again: it sees exactly the
  // bytes the zip-bomb checks inflated and counted, nothing another zip parser might find.
  const file = {
    exists: (/** @type {string} */ name) => entries.has(name),
    read: async (/** @type {string} */ name, /** @type {string | undefined} */ encoding) => {
      const data = entries.get(name);
      if (!data) throw new Error(`missing part ${name}`);
      if (encoding === 'base64') return Buffer.from(data).toString('base64');
      return encoding ? new TextDecoder(encoding).decode(data) : data;
    },
  };
  const result = await mammoth.extractRawText({ file });
  return { title: null, text: result.value, pages: null, truncated: false };
}

/** @param {DocJob} job */
async function readDoc(job) {
  const { default: WordExtractor } = await import('word-extractor');
  const document = await new WordExtractor().extract(Buffer.from(job.bytes));
  return { title: null, text: document.getBody(), pages: null, truncated: false };
}

async function main() {
  const job = /** @type {PdfJob | DocxJob | DocJob} */ (workerData);
  const result =
    job.kind === 'pdf'
      ? await readPdf(job)
      : job.kind === 'docx'
        ? await readDocx(job)
        : await readDoc(job);
  if (result.text.length > job.maxChars) {
    result.text = result.text.slice(0, job.maxChars);
    result.truncated = true;
  }
  parentPort?.postMessage({ ok: true, ...result });
}

main().catch((error) => {
  const message = error instanceof Error ? error.message : String(error);
  parentPort?.postMessage({ ok: false, message: message || 'the file could not be read' });
});
