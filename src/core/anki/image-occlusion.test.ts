import { describe, expect, it } from 'vitest';
import { ankiCardToMnemo, type AnkiNoteType } from './cards';
import { IMAGE_OCCLUSION_CHANGE, isImageOcclusion } from './image-occlusion';

/** Anki's stock Image Occlusion note type (fields renamed: they are found by position). */
const occlusion: AnkiNoteType = {
  id: '1',
  name: 'Image Occlusion',
  kind: 'cloze',
  fields: ['Masks', 'Picture', 'Title', 'Extra', 'Notes'],
  templates: [
    {
      name: 'Image Occlusion',
      qfmt: '{{#Title}}<div>{{Title}}</div>{{/Title}}<div style="display: none">{{cloze:Masks}}</div>{{Picture}}',
      afmt: '{{cloze:Masks}}{{Picture}}{{Extra}}{{Notes}}',
    },
  ],
};
const shapes =
  '{{c1::image-occlusion:rect:left=.1:top=.1:width=.3:height=.2:oi=1}}' +
  '{{c2::image-occlusion:ellipse:left=.5:top=.5:width=.2:height=.2:oi=1}}';

describe('Image Occlusion notes (issue 20 item 2)', () => {
  it('are told from cloze notes by their shapes', () => {
    expect(isImageOcclusion(shapes)).toBe(true);
    expect(isImageOcclusion('The {{c1::heart}} pumps blood')).toBe(false);
  });

  it('become Q&A cards showing the header and the image, the extra on the back', () => {
    const values = [shapes, '<img src="heart.png">', 'Heart', 'Left ventricle', ''];
    for (const ord of [0, 1]) {
      expect(ankiCardToMnemo(occlusion, values, ord)).toEqual({
        ok: true,
        card: {
          card_type: 'qa',
          front_content: 'Heart\n\n![](heart.png)',
          back_content: '![](heart.png)\n\nLeft ventricle',
          cloze_number: null,
        },
        change: IMAGE_OCCLUSION_CHANGE,
      });
    }
  });

  it('a cloze note of ordinary text is unchanged', () => {
    const result = ankiCardToMnemo(occlusion, ['The {{c1::heart}}', '', '', '', ''], 0);
    expect(result).toMatchObject({ ok: true, card: { card_type: 'cloze', cloze_number: 1 } });
    expect(result).not.toHaveProperty('change');
  });
});
