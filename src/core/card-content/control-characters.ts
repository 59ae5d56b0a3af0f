/**
 * Control characters in card text (issue 20 item 11). C0 control characters other than tab and
 * line feed have no meaning in a card and harm other tools: U+001F is Anki's field separator (one
 * in a field splits the note and aborts Anki's import), NUL ends C strings, the others are
 * invisible. They are removed wherever text becomes card content (create, update, imports) and
 * again on export, for cards stored before. A carriage return is a line break: CRLF and a lone CR
 * become a line feed rather than disappearing.
 */

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\x00-\x08\x0b-\x1f]/g;

/** The text without C0 control characters (tab and line feed kept, CR as a line feed). */
export function stripControlCharacters(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(CONTROL, '');
}
