import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

/** Text of a fetched page: the main text by Readability, one blank line between blocks. */

export const tidy = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const BLOCKS = new Set(
  'address article aside blockquote br dd div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section table td th tr ul'.split(
    ' ',
  ),
);
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'object']);

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

/** The text of a DOM tree with a line break around every block, so paragraphs stay apart. */
function blockText(node: DomNode): string {
  if (node.nodeType === 3) return (node.textContent ?? '').replace(/\s+/g, ' ');
  if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return '';
  const name = node.nodeName.toLowerCase();
  if (SKIPPED.has(name)) return '';
  let text = '';
  for (let index = 0; index < node.childNodes.length; index++) {
    text += blockText(node.childNodes[index] as DomNode);
  }
  return BLOCKS.has(name) ? `\n\n${text}\n\n` : text;
}

/** The main text of an HTML page by Readability, with the page's <body> as the fallback. */
export function htmlToText(html: string, url: string): { title: string | null; text: string } {
  const { document } = parseHTML(html);
  const pageTitle = document.querySelector('title')?.textContent?.trim() || null;
  let article: { title?: string | null; content?: string | null } | null;
  try {
    // linkedom has no documentURI; Readability uses it to resolve relative links.
    Object.defineProperty(document, 'documentURI', { value: url, configurable: true });
    article = new Readability(document as unknown as Document, { charThreshold: 100 }).parse();
  } catch {
    article = null;
  }
  let text = '';
  if (article?.content) {
    const { document: content } = parseHTML(
      `<!doctype html><html><body>${article.content}</body></html>`,
    );
    text = tidy(blockText(content.body as unknown as DomNode));
  }
  if (!text) {
    const { document: fallback } = parseHTML(html);
    fallback.querySelectorAll('nav, header, footer, aside, form').forEach((node) => node.remove());
    text = fallback.body ? tidy(blockText(fallback.body as unknown as DomNode)) : '';
  }
  return { title: article?.title?.trim() || pageTitle, text };
}
