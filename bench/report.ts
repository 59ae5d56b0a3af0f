/**
 * docs/PERFORMANCE.md is written by several benchmarks: each replaces its own `## ` sections
 * and leaves the others (and the ones measured by hand or by the browser suite) as they are.
 */

/** `markdown` with the section under `## heading` replaced by `body` (appended when absent). */
export function replaceSection(markdown: string, heading: string, body: string): string {
  const title = `## ${heading}`;
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === title);
  const section = [title, '', body.trim(), ''];
  if (start === -1) return `${markdown.trimEnd()}\n\n${section.join('\n')}`;
  let end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  if (end === -1) end = lines.length;
  return [...lines.slice(0, start), ...section, ...lines.slice(end)].join('\n');
}

/** `markdown` with everything before the first `## ` heading replaced by `head`. */
export function replaceHead(markdown: string, head: string): string {
  const index = markdown.search(/^## /m);
  return `${head.trim()}\n\n${index === -1 ? '' : markdown.slice(index)}`;
}
