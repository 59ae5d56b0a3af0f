/**
 * Anki's stock note types and schema 11 (rslib/src/storage/schema11.sql), for the fixture
 * packages of `test-packages.ts`; schema 18 is Anki's own text, in `anki-export/anki-schema.ts`.
 */
import type { AnkiNoteType } from '../../../src/core/anki/cards';

const AFMT = '{{FrontSide}}\n\n<hr id=answer>\n\n';
export const STOCK: Record<'basic' | 'reversed' | 'optional' | 'cloze', AnkiNoteType> = {
  basic: {
    id: '1001',
    name: 'Basic',
    kind: 'normal',
    fields: ['Front', 'Back'],
    templates: [{ name: 'Card 1', qfmt: '{{Front}}', afmt: `${AFMT}{{Back}}` }],
  },
  reversed: {
    id: '1002',
    name: 'Basic (and reversed card)',
    kind: 'normal',
    fields: ['Front', 'Back'],
    templates: [
      { name: 'Card 1', qfmt: '{{Front}}', afmt: `${AFMT}{{Back}}` },
      { name: 'Card 2', qfmt: '{{Back}}', afmt: `${AFMT}{{Front}}` },
    ],
  },
  optional: {
    id: '1003',
    name: 'Basic (optional reversed card)',
    kind: 'normal',
    fields: ['Front', 'Back', 'Add Reverse'],
    templates: [
      { name: 'Card 1', qfmt: '{{Front}}', afmt: `${AFMT}{{Back}}` },
      {
        name: 'Card 2',
        qfmt: '{{#Add Reverse}}{{Back}}{{/Add Reverse}}',
        afmt: `${AFMT}{{Front}}`,
      },
    ],
  },
  cloze: {
    id: '1004',
    name: 'Cloze',
    kind: 'cloze',
    fields: ['Text', 'Back Extra'],
    templates: [
      { name: 'Cloze', qfmt: '{{cloze:Text}}', afmt: '{{cloze:Text}}<br>\n{{Back Extra}}' },
    ],
  },
};

/** The legacy collection schema: the one the .apkg export writes. */
export { SCHEMA_11 as SCHEMA11 } from '../../../src/server/anki-export/schema11';
