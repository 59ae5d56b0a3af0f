/**
 * Media stored with a user's cards (images and audio from Anki packages). In card Markdown a
 * stored file is referenced as `![alt](mnemo-media:<sha256>.<ext>)`: an image extension shows an
 * `<img>`, an audio extension an `<audio controls>` player. Both load only from Mnemo's own
 * `/api/media/…` route (served to the owner only); every other image stays a link.
 */

/** Scheme of a stored media reference in card Markdown. */
export const MEDIA_SCHEME = 'mnemo-media:';

/** Extensions Mnemo stores, by kind. SVG is not one of them (it can carry script). */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'gif', 'webp'] as const;
export const AUDIO_EXTENSIONS = ['mp3', 'ogg', 'wav', 'm4a'] as const;

const NAME = /^[0-9a-f]{64}\.(png|jpg|gif|webp|mp3|ogg|wav|m4a)$/;
const IMAGE = new Set<string>(IMAGE_EXTENSIONS);

/** True for a stored media file name: `<sha256 hex>.<allowed extension>`. */
export function isMediaName(name: string): boolean {
  return NAME.test(name);
}

/** The URL a stored media file is served from. */
export function mediaUrl(name: string): string {
  return `/api/media/${name}`;
}

/** The Markdown that shows a stored media file (image or audio). */
export function mediaMarkdown(name: string, alt = ''): string {
  return `![${alt.replace(/[[\]\\]/g, '')}](${MEDIA_SCHEME}${name})`;
}

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * HTML for a Markdown image whose source is a stored media reference, or null when it is not one
 * (the caller then renders it as today: a link or its text).
 *
 * @param src The image source as written in Markdown.
 * @param alt The image's alt text, already escaped.
 */
export function renderMediaImage(src: string, alt: string): string | null {
  if (!src.startsWith(MEDIA_SCHEME)) return null;
  const name = src.slice(MEDIA_SCHEME.length);
  if (!isMediaName(name)) return null;
  const url = escapeAttribute(mediaUrl(name));
  const ext = name.slice(name.lastIndexOf('.') + 1);
  if (IMAGE.has(ext)) return `<img src="${url}" alt="${alt}" loading="lazy">`;
  const label = alt === '' ? 'Play sound' : alt;
  return `<audio controls preload="none" src="${url}" aria-label="${label}"></audio>`;
}

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ALLOWED_ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  img: new Set(['src', 'alt', 'loading']),
  audio: new Set(['src', 'controls', 'preload', 'aria-label']),
};

/**
 * True when a tag is exactly one of the media elements {@link renderMediaImage} writes: `<img>` or
 * `<audio>` with only their attributes and a `src` on Mnemo's own media route.
 *
 * @param closing True for a closing tag.
 * @param name Lower-case tag name.
 * @param attributes The tag's attribute text.
 */
export function isAllowedMediaTag(closing: boolean, name: string, attributes: string): boolean {
  const allowed = ALLOWED_ATTRIBUTES[name];
  if (!allowed) return false;
  if (closing) return name === 'audio' && attributes.trim() === '';
  let src = false;
  for (const attribute of attributes.matchAll(ATTRIBUTE)) {
    const attrName = (attribute[1] ?? '').toLowerCase();
    if (!allowed.has(attrName)) return false;
    if (attrName === 'src') {
      const value = attribute[2] ?? '';
      const mediaName = value.startsWith('/api/media/') ? value.slice('/api/media/'.length) : '';
      if (src || !isMediaName(mediaName)) return false;
      const ext = mediaName.slice(mediaName.lastIndexOf('.') + 1);
      if (IMAGE.has(ext) !== (name === 'img')) return false;
      src = true;
    }
  }
  return src;
}

const REFERENCE = /mnemo-media:([0-9a-f]{64}\.(?:png|jpg|gif|webp|mp3|ogg|wav|m4a))/g;

/** The stored media names a card's text refers to (`mnemo-media:<name>`), in one linear pass. */
export function mediaNamesIn(text: string | null): string[] {
  if (!text || !text.includes(MEDIA_SCHEME)) return [];
  return [...text.matchAll(REFERENCE)].map((match) => match[1]!);
}
