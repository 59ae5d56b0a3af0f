/**
 * Low-level scanning shared by the cloze parser and the markdown math rules, so that both agree
 * on where math and code begin and end. Positions are UTF-16 indexes into `src`; `max` is an
 * exclusive bound.
 */

/** A math span found by {@link matchMath}. */
export interface MathMatch {
  /** Index just after the closing delimiter. */
  end: number;
  /** The TeX source between the delimiters. */
  content: string;
  /** True for `$$…$$` and `\[…\]`. */
  display: boolean;
}

/**
 * Remembers failed closer searches (`[from, stop)` per kind of closer), so that many unclosed
 * openers (`$a $b $c …`) are scanned in linear rather than quadratic time: a search starting
 * inside a failed range would fail too, since being a closer does not depend on where the search
 * began. Use one memo per (`src`, `max`).
 */
export type ScanMemo = Map<string, readonly [from: number, stop: number]>;

function knownToFail(memo: ScanMemo | undefined, key: string, from: number): boolean {
  const range = memo?.get(key);
  return range !== undefined && range[0] <= from && from < range[1];
}

const isWhitespace = (ch: string | undefined): boolean =>
  ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\f' || ch === '\v';

const isDigit = (ch: string | undefined): boolean => ch !== undefined && ch >= '0' && ch <= '9';

/** True when `src[pos]` is a line feed that ends a line followed by a blank line (a paragraph break). */
function startsBlankLine(src: string, pos: number, max: number): boolean {
  if (src[pos] !== '\n') return false;
  for (let i = pos + 1; i < max; i++) {
    const ch = src[i];
    if (ch === '\n') return true;
    if (!isWhitespace(ch)) return false;
  }
  return false;
}

/**
 * Finds `close` from `from`, skipping TeX escapes (`\x`), without crossing a blank line.
 * Returns the index of the closing delimiter or -1.
 */
function findCloser(
  src: string,
  from: number,
  max: number,
  close: string,
  memo: ScanMemo | undefined,
): number {
  if (knownToFail(memo, close, from)) return -1;
  let i = from;
  while (i < max) {
    if (src.startsWith(close, i) && i + close.length <= max) return i;
    const ch = src[i];
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === '\n' && startsBlankLine(src, i, max)) break;
    i++;
  }
  memo?.set(close, [from, Math.min(i, max)]);
  return -1;
}

/**
 * Matches a math span starting at `pos`: `$…$`, `$$…$$`, `\(…\)` or `\[…\]`.
 *
 * Single-dollar math follows the usual (Pandoc) rule so that prices stay prose: the opening `$`
 * is not followed by whitespace, the closing `$` is not preceded by whitespace and not followed by
 * a digit (`$5 and $10` is not math). Spans never cross a blank line and never have empty content.
 * `\$` is an escaped dollar, never a delimiter.
 */
export function matchMath(
  src: string,
  pos: number,
  max: number = src.length,
  memo?: ScanMemo,
): MathMatch | null {
  const ch = src[pos];
  if (ch === '\\') {
    const next = src[pos + 1];
    if (next !== '(' && next !== '[') return null;
    const close = next === '(' ? '\\)' : '\\]';
    const at = findCloser(src, pos + 2, max, close, memo);
    if (at < 0) return null;
    const content = src.slice(pos + 2, at);
    if (content.trim() === '') return null;
    return { end: at + 2, content, display: next === '[' };
  }
  if (ch !== '$') return null;
  if (src[pos + 1] === '$') {
    const at = findCloser(src, pos + 2, max, '$$', memo);
    if (at < 0) return null;
    const content = src.slice(pos + 2, at);
    if (content.trim() === '') return null;
    return { end: at + 2, content, display: true };
  }
  const first = src[pos + 1];
  if (pos + 1 >= max || first === undefined || isWhitespace(first)) return null;
  if (knownToFail(memo, '$', pos + 1)) return null;
  let i = pos + 1;
  while (i < max) {
    const c = src[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '\n' && startsBlankLine(src, i, max)) break;
    if (c === '$' && !isWhitespace(src[i - 1]) && !(i + 1 < max && isDigit(src[i + 1]))) {
      // `i > pos + 1` holds: the first character is not `$` (that is the `$$` case above).
      return { end: i + 1, content: src.slice(pos + 1, i), display: false };
    }
    i++;
  }
  memo?.set('$', [pos + 1, Math.min(i, max)]);
  return null;
}

/**
 * Matches an inline code span at `pos` (a run of backticks closed by a run of the same length,
 * as in CommonMark). Returns the index after the span, or, when the run is not closed, the index
 * after the run (the backticks are then literal text). Returns -1 when `src[pos]` is not a backtick.
 */
export function matchCodeSpan(
  src: string,
  pos: number,
  max: number = src.length,
  memo?: ScanMemo,
): number {
  if (src[pos] !== '`') return -1;
  let runEnd = pos;
  while (runEnd < max && src[runEnd] === '`') runEnd++;
  const length = runEnd - pos;
  const key = `\`${length}`;
  if (knownToFail(memo, key, runEnd)) return runEnd;
  let i = runEnd;
  while (i < max) {
    if (src[i] === '`') {
      let j = i;
      while (j < max && src[j] === '`') j++;
      if (j - i === length) return j;
      i = j;
      continue;
    }
    if (src[i] === '\n' && startsBlankLine(src, i, max)) break;
    i++;
  }
  memo?.set(key, [runEnd, Math.min(i, max)]);
  return runEnd;
}

const FENCE_OPEN = /( {0,3})(`{3,}|~{3,})([^\n]*)/y;

/**
 * Matches a fenced code block whose opening fence starts the line at `pos` (CommonMark: up to
 * three spaces, then at least three backticks or tildes). Returns the index after the closing
 * fence line, or `max` when the block is never closed; -1 when there is no fence here.
 */
export function matchFence(src: string, pos: number, max: number = src.length): number {
  if (pos > 0 && src[pos - 1] !== '\n') return -1;
  FENCE_OPEN.lastIndex = pos;
  const open = FENCE_OPEN.exec(src);
  if (!open || open.index !== pos) return -1;
  const marker = open[2] ?? '';
  const info = open[3] ?? '';
  if (marker[0] === '`' && info.includes('`')) return -1;
  if (pos + open[0].length > max) return -1;
  const closeRe = marker[0] === '`' ? /^ {0,3}(`+)[ \t\r]*$/ : /^ {0,3}(~+)[ \t\r]*$/;
  let newline = src.indexOf('\n', pos);
  while (newline >= 0 && newline < max) {
    const lineStart = newline + 1;
    let lineEnd = src.indexOf('\n', lineStart);
    if (lineEnd < 0 || lineEnd > max) lineEnd = max;
    const run = closeRe.exec(src.slice(lineStart, lineEnd))?.[1];
    if (run !== undefined && run.length >= marker.length) return lineEnd;
    newline = lineEnd < max ? lineEnd : -1;
  }
  return max;
}

const ESCAPABLE = new Set(['\\', '$', '`', '{']);

/**
 * If a region whose content must be left alone (math, inline code, a code fence, or a backslash
 * escape of `\\`, `$`, `` ` `` or `{`) starts at `pos`, returns the index just after it; otherwise -1.
 */
export function skipProtected(
  src: string,
  pos: number,
  max: number = src.length,
  memo?: ScanMemo,
): number {
  const ch = src[pos];
  if (pos === 0 || src[pos - 1] === '\n') {
    const fenceEnd = matchFence(src, pos, max);
    if (fenceEnd >= 0) return fenceEnd;
  }
  if (ch === '$' || ch === '\\') {
    const math = matchMath(src, pos, max, memo);
    if (math) return math.end;
    // An escaped delimiter is literal (`\$5`, `` \` ``, `\{{`), as in markdown.
    if (ch === '\\' && ESCAPABLE.has(src[pos + 1] ?? '')) return Math.min(pos + 2, max);
    return -1;
  }
  if (ch === '`') return matchCodeSpan(src, pos, max, memo);
  return -1;
}
