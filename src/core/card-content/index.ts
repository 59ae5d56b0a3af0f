/**
 * Flashcard content: cloze deletions and safe HTML rendering (markdown, math). Pure: runs on the
 * server and in the browser. Code that only needs cloze parsing can import `./cloze` directly and
 * avoid loading markdown-it and KaTeX.
 */
export {
  CLOZE_BLANK,
  CLOZE_HIGHLIGHT,
  CLOZE_MESSAGES,
  clozeAnswerText,
  clozeFullText,
  clozeNumbers,
  parseCloze,
  renderClozeBack,
  renderClozeFront,
  validateCloze,
  type ClozeMessage,
  type ClozeSegment,
  type ParsedCloze,
} from './cloze';
export {
  LINK_REL,
  findUnsafeHtml,
  plainTextOf,
  renderCardHtml,
  type RenderCardOptions,
} from './render';
export {
  clozeLabel,
  clozeRemovalMessage,
  planClozeSiblings,
  type SiblingPlan,
} from './cloze-siblings';
