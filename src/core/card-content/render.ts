/**
 * Card content to sanitised HTML with KaTeX bound: what the server and the tests use. The
 * browser uses ./render-markdown.ts and loads KaTeX only when a card holds maths.
 */
import katex from 'katex';
import { type RenderCardOptions, renderCardWith } from './render-markdown';

export {
  findUnsafeHtml,
  LINK_REL,
  type MathEngine,
  plainTextOf,
  type RenderCardOptions,
} from './render-markdown';

/** Card content (a front or a back) to sanitised HTML; see {@link renderCardWith}. */
export function renderCardHtml(content: string, options: RenderCardOptions = {}): string {
  return renderCardWith(katex, content, options).html;
}
