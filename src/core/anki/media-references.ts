/**
 * Media references in Anki fields: `<img src="x.jpg">` and `[sound:x.mp3]`. Before a field's HTML
 * becomes Markdown, each reference to a stored file is rewritten to Mnemo's `mnemo-media:` form
 * (an image with the stored name as source, which `htmlToMarkdown` turns into
 * `![alt](mnemo-media:<sha256>.<ext>)`; a sound becomes such an image with an audio extension, shown
 * as a player). A reference whose file is missing stays as it was and is reported.
 */
import { MEDIA_SCHEME } from '../card-content/media';

const IMG = /<img\b[^>]*>/gi;
const SRC = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;
const SOUND = /\[sound:([^\]\r\n]+)\]/g;

const decode = (value: string): string =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function imageSource(tag: string): string | null {
  const match = SRC.exec(tag);
  if (!match) return null;
  const value = decode(match[1] ?? match[2] ?? match[3] ?? '').trim();
  // Remote and inline images are not package media.
  return value === '' || /^[a-z][a-z0-9+.-]*:/i.test(value) ? null : value;
}

/** File names of the package media a field references (images and sounds), in order, once each. */
export function ankiMediaReferences(html: string): string[] {
  const names = new Set<string>();
  for (const [tag] of html.matchAll(IMG)) {
    const name = imageSource(tag);
    if (name !== null) names.add(name);
  }
  for (const match of html.matchAll(SOUND)) names.add(decode(match[1] ?? '').trim());
  return [...names];
}

/** Result of {@link rewriteAnkiMedia}. */
export interface RewrittenMedia {
  html: string;
  /** Referenced file names the resolver did not know (missing from the package or refused). */
  missing: string[];
}

/**
 * Rewrites a field's media references to stored media.
 *
 * @param html The field's HTML.
 * @param resolve The stored name (`<sha256>.<ext>`) of a package file name, or null when missing.
 */
export function rewriteAnkiMedia(
  html: string,
  resolve: (fileName: string) => string | null,
): RewrittenMedia {
  const missing = new Set<string>();
  const lookup = (name: string): string | null => {
    const stored = resolve(name);
    if (stored === null) missing.add(name);
    return stored;
  };
  const withImages = html.replace(IMG, (tag) => {
    const name = imageSource(tag);
    const stored = name === null ? null : lookup(name);
    if (stored === null) return tag;
    return tag.replace(SRC, ` src="${MEDIA_SCHEME}${stored}"`);
  });
  const withSounds = withImages.replace(SOUND, (whole, raw: string) => {
    const stored = lookup(decode(raw).trim());
    return stored === null ? whole : `<img src="${MEDIA_SCHEME}${stored}" alt="sound">`;
  });
  return { html: withSounds, missing: [...missing] };
}
