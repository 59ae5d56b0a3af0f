/**
 * How an Anki card becomes a Mnemo card (issue 12). A card of a standard note type (Basic,
 * reversed, optional reversed, custom) is a Q&A card: front = the rendered question, back = the
 * rendered answer without the question when the answer template starts with `{{FrontSide}}`.
 * Anki's HTML becomes Markdown (`html-to-markdown.ts`), which is what Mnemo renders.
 * A card of a Cloze note type is one Mnemo cloze card per deletion number: front = the note's
 * cloze field as written (Anki's cloze syntax is Mnemo's), cloze number = ord + 1, the note's
 * other answer fields (Back Extra) as the back; siblings share `note_id`.
 */
import { clozeNumbers } from '../card-content/cloze';
import { stripControlCharacters } from '../card-content/control-characters';
import { CARD_CONTENT_MAX, CLOZE_NUMBERS_MAX } from '../flashcard-schemas';
import { htmlToMarkdown } from './html-to-markdown';
import { IMAGE_OCCLUSION_CHANGE, imageOcclusionContent, isImageOcclusion } from './image-occlusion';
import { ankiLatexToMath } from './latex';
import { clozeFieldName, isFieldEmpty, parseTemplate, renderCard } from './templates';

export interface AnkiTemplate {
  name: string;
  qfmt: string;
  afmt: string;
}

export interface AnkiNoteType {
  id: string;
  name: string;
  kind: 'normal' | 'cloze';
  /** Field names in ord order. */
  fields: string[];
  /** Templates in ord order (a cloze note type has one). */
  templates: AnkiTemplate[];
}

export type MnemoCardContent =
  | { card_type: 'qa'; front_content: string; back_content: string; cloze_number: null }
  | {
      card_type: 'cloze';
      front_content: string;
      back_content: string | null;
      cloze_number: number;
    };

/** A converted card, with what was changed on the way when something was (for the summary). */
export type Conversion =
  { ok: true; card: MnemoCardContent; change?: string } | { ok: false; reason: string };

/** The readable reasons a card is skipped. */
export const SKIP_REASONS = {
  noTemplate: 'The card has no template in its note type',
  emptyFront: 'The card’s question is empty',
  noDeletion: 'The cloze card’s deletion is missing from its text',
  tooLong: `The card is longer than ${CARD_CONTENT_MAX} characters`,
  tooManyClozes: `The cloze note has more than ${CLOZE_NUMBERS_MAX} deletion numbers; Mnemo makes cards for the first ${CLOZE_NUMBERS_MAX}`,
} as const;

/** The note's fields by name (missing values are empty). */
export function fieldMap(noteType: AnkiNoteType, values: string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  noteType.fields.forEach((name, index) => (fields[name] = values[index] ?? ''));
  return fields;
}

function referencedFields(template: string): string[] {
  const names: string[] = [];
  const walk = (nodes: ReturnType<typeof parseTemplate>) => {
    for (const node of nodes) {
      if (node.kind === 'field') names.push(node.name);
      else if (node.kind === 'section') walk(node.children);
    }
  };
  walk(parseTemplate(template));
  return names;
}

/** Converts the card `ord` of a note (its field `values`) to Mnemo's content, or why not. */
export function ankiCardToMnemo(
  noteType: AnkiNoteType,
  values: string[],
  ord: number,
  extra: { tags?: string; deck?: string } = {},
): Conversion {
  // Anki's `[$]…[/$]` and `[$$]…[/$$]` LaTeX as the maths Mnemo renders; no control character.
  const clean = values.map(stripControlCharacters);
  const fields = fieldMap(noteType, clean.map(ankiLatexToMath));
  const tooLong = (...texts: (string | null)[]) =>
    texts.some((text) => text !== null && text.length > CARD_CONTENT_MAX);
  if (noteType.kind === 'cloze') {
    const template = noteType.templates[0];
    const field = (template && clozeFieldName(template.qfmt)) ?? noteType.fields[0] ?? '';
    if (isImageOcclusion(fields[field] ?? '')) {
      const { front, back } = imageOcclusionContent(clean);
      if (front === '') return { ok: false, reason: SKIP_REASONS.emptyFront };
      if (tooLong(front, back)) return { ok: false, reason: SKIP_REASONS.tooLong };
      return {
        ok: true,
        card: { card_type: 'qa', front_content: front, back_content: back, cloze_number: null },
        change: IMAGE_OCCLUSION_CHANGE,
      };
    }
    const text = htmlToMarkdown(fields[field] ?? '');
    const number = ord + 1;
    // The same cap as a cloze card made in the app (one card per number).
    if (number > CLOZE_NUMBERS_MAX) return { ok: false, reason: SKIP_REASONS.tooManyClozes };
    if (!clozeNumbers(text).includes(number)) return { ok: false, reason: SKIP_REASONS.noDeletion };
    const backNames = template
      ? [...new Set(referencedFields(template.afmt))].filter(
          (name) => name !== field && name in fields && !isFieldEmpty(fields[name]!),
        )
      : [];
    const back =
      backNames.length > 0
        ? htmlToMarkdown(backNames.map((name) => fields[name]).join('<br>'))
        : null;
    if (tooLong(text, back)) return { ok: false, reason: SKIP_REASONS.tooLong };
    return {
      ok: true,
      card: { card_type: 'cloze', front_content: text, back_content: back, cloze_number: number },
    };
  }
  const template = noteType.templates[ord];
  if (!template) return { ok: false, reason: SKIP_REASONS.noTemplate };
  const rendered = renderCard(template.qfmt, template.afmt, {
    fields,
    ord,
    tags: extra.tags,
    deck: extra.deck,
    noteType: noteType.name,
    cardName: template.name,
  });
  const front = htmlToMarkdown(rendered.question);
  const back = htmlToMarkdown(rendered.back);
  if (front === '') return { ok: false, reason: SKIP_REASONS.emptyFront };
  if (tooLong(front, back)) return { ok: false, reason: SKIP_REASONS.tooLong };
  return {
    ok: true,
    card: {
      card_type: 'qa',
      front_content: front,
      back_content: back,
      cloze_number: null,
    },
  };
}
