/**
 * What an LLM is given to write cards from (issue 22 §3): the content without what is not
 * study material — front matter (its title kept apart), figure markup and alt text (the
 * caption kept), kramdown attribute lists, cross-reference links and citation markers, HTML
 * tags, exercises with their answer keys, footnotes, and the end matter of an article
 * ('See also', 'References', 'Notes', 'External links', review questions). Headings and
 * captions stay. The checks still run on the whole content, so a quote is found as written.
 */

/** Headings of sections that are not study material (matched on the whole heading line). */
const END_MATTER =
  /^(?:see also|references|notes|footnotes|citations|bibliography|sources|further reading|external links|gallery|review questions|critical thinking questions|art connections|exercises|answer key|answers)$/i;

/** The title in a YAML front matter ('title: "…"'), and the text after it. */
function frontMatter(text: string): { title: string | null; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match) return { title: null, body: text };
  const title = /^title:\s*["']?(.*?)["']?\s*$/m.exec(match[1] as string)?.[1] ?? null;
  return { title: title || null, body: text.slice(match[0].length) };
}

/** The text without `<div data-type="exercise|solution">…</div>` blocks (nested divs counted). */
function withoutExercises(text: string): string {
  const out: string[] = [];
  let depth = 0;
  for (const line of text.split('\n')) {
    const opens = (line.match(/<div\b/g) ?? []).length;
    const closes = (line.match(/<\/div>/g) ?? []).length;
    if (depth === 0 && /<div[^>]*data-type="(?:exercise|solution|problem)"/.test(line)) {
      depth = opens - closes;
      continue;
    }
    if (depth > 0) {
      depth += opens - closes;
      continue;
    }
    out.push(line);
  }
  return out.join('\n');
}

const headingLevel = (line: string) => /^(#{1,6})\s/.exec(line)?.[1]?.length ?? 0;

/** The text without its end-matter sections (to the next heading as high, or to the end). */
function withoutEndMatter(text: string): string {
  const out: string[] = [];
  let skipping = 0; // the level of the heading being skipped (7: a plain-text heading)
  for (const line of text.split('\n')) {
    const level = headingLevel(line);
    const name = line.replace(/^#{1,6}\s+/, '').trim();
    if (skipping > 0 && level > 0 && level <= skipping && !END_MATTER.test(name)) skipping = 0;
    if (skipping > 0) continue;
    if (END_MATTER.test(name) && (level > 0 || name === line.trim())) {
      skipping = level > 0 ? level : 7;
      continue;
    }
    out.push(line);
  }
  return out.join('\n');
}

/** The content as an LLM reads it, and the document's title when it has one. */
export function studyText(content: string): { title: string | null; text: string } {
  const { title, body } = frontMatter(content);
  let text = withoutExercises(body);
  text = withoutEndMatter(text);
  text = text
    // A figure: its caption (the image's title) stays, its markup and alt text go.
    .replace(/!\[[^\]]*\]\([^)\s]*(?:\s+"([^"]*)")?\)/g, (_, caption?: string) => caption ?? '')
    .replace(/\{:[^{}\n]*\}/g, '')
    .replace(/\s?\(?\[\\\[link\\\]\]\([^()\n]*\)\)?/g, '')
    .replace(/\[(?:\d{1,4}(?:[,–-]\s*\d{1,4})*|[a-z]|citation needed|note \d+)\]/gi, '')
    .replace(/^\[\^[^\]]+\]:.*$/gm, '')
    .replace(/^\s*\^ .*$/gm, '')
    .replace(/<\/?[a-zA-Z][^<>\n]*>/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { title, text };
}
