/**
 * The type of a media file judged by its bytes, never by its name: png, jpeg, gif, webp, mp3, ogg,
 * wav, m4a. Anything else (SVG, which can carry script, HTML, unknown) is refused (null).
 */

/** A recognised media type: stored extension and served content type. */
export interface MediaType {
  ext: 'png' | 'jpg' | 'gif' | 'webp' | 'mp3' | 'ogg' | 'wav' | 'm4a';
  contentType: string;
}

const ascii = (bytes: Uint8Array, at: number, text: string): boolean =>
  [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0));

/** The media type of a file's bytes, or null when it is not an allowed type. */
export function sniffMediaType(bytes: Uint8Array): MediaType | null {
  if (bytes.length >= 8 && ascii(bytes, 0, '\x89PNG\r\n\x1a\n'))
    return { ext: 'png', contentType: 'image/png' };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { ext: 'jpg', contentType: 'image/jpeg' };
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a'))
    return { ext: 'gif', contentType: 'image/gif' };
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP'))
    return { ext: 'webp', contentType: 'image/webp' };
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE'))
    return { ext: 'wav', contentType: 'audio/wav' };
  if (ascii(bytes, 0, 'OggS')) return { ext: 'ogg', contentType: 'audio/ogg' };
  if (ascii(bytes, 4, 'ftyp') && (ascii(bytes, 8, 'M4A ') || ascii(bytes, 8, 'mp4')))
    return { ext: 'm4a', contentType: 'audio/mp4' };
  // MP3: an ID3 tag, or an MPEG audio frame sync (11 set bits, layer III).
  if (ascii(bytes, 0, 'ID3')) return { ext: 'mp3', contentType: 'audio/mpeg' };
  if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe6) === 0xe2)
    return { ext: 'mp3', contentType: 'audio/mpeg' };
  return null;
}
