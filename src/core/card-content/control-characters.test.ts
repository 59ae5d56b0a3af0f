import { describe, expect, it } from 'vitest';
import { ankiCardToMnemo, type AnkiNoteType } from '../anki/cards';
import { ankiFieldHtml } from '../anki-export/field-html';
import { createFlashcardSchema, updateFlashcardSchema } from '../flashcard-schemas';
import { planTextImport } from '../import/text-import-plan';
import { stripControlCharacters } from './control-characters';

const C0 = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join('');

describe('control characters in card text (issue 20 item 11)', () => {
  it('removes every C0 control character except tab and line feed; CR is a line break', () => {
    expect(stripControlCharacters(`a${C0}b`)).toBe('a\t\n\nb');
    expect(stripControlCharacters('one\r\ntwo\rthree')).toBe('one\ntwo\nthree');
    expect(stripControlCharacters('Ünï\u007f 中文 \u0085')).toBe('Ünï\u007f 中文 \u0085');
  });

  it('cannot enter through create or update (U+001F would split an Anki note)', () => {
    const created = createFlashcardSchema.parse({
      deck_id: 'd',
      front_content: 'Front\u001fhidden\u0000',
      back_content: '\u0007Back',
    });
    expect(created.front_content).toBe('Fronthidden');
    expect(created.back_content).toBe('Back');
    const cloze = createFlashcardSchema.parse({
      deck_id: 'd',
      card_type: 'cloze',
      front_content: '{{c1::Paris\u001f}} is a capital',
      back_content: 'x',
    });
    expect(cloze.front_content).toBe('{{c1::Paris}} is a capital');
    expect(updateFlashcardSchema.parse({ back_content: 'b\u001fc' }).back_content).toBe('bc');
    // Nothing left after stripping is an empty field.
    expect(
      createFlashcardSchema.safeParse({ deck_id: 'd', front_content: '\u001f', back_content: 'b' })
        .success,
    ).toBe(false);
  });

  it('cannot enter through an Anki import', () => {
    const basic: AnkiNoteType = {
      id: '1',
      name: 'Basic',
      kind: 'normal',
      fields: ['Front', 'Back'],
      templates: [
        { name: 'Card 1', qfmt: '{{Front}}', afmt: '{{FrontSide}}<hr id=answer>{{Back}}' },
      ],
    };
    const result = ankiCardToMnemo(basic, ['Fr\u0001ont', 'Ba\u001eck'], 0);
    expect(result.ok && result.card).toMatchObject({
      front_content: 'Front',
      back_content: 'Back',
    });
  });

  it('cannot enter through a text import', () => {
    const plan = planTextImport('#separator:Tab\nFr\u001font\tBa\u0008ck\n');
    expect(plan.ok && plan.cards[0]).toMatchObject({
      front_content: 'Front',
      back_content: 'Back',
    });
  });

  it('existing ones are removed on export to Anki', () => {
    expect(ankiFieldHtml('Front\u001fhidden')).toBe('Fronthidden');
  });
});
