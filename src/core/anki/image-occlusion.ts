/**
 * Anki's Image Occlusion note type (stock since Anki 23.10, rslib/src/image_occlusion/): a
 * cloze note type whose deletions are shapes over the image of its second field,
 * `{{c1::image-occlusion:rect:left=.1:top=.1:width=.3:height=.2:oi=1}}`, fields in this order:
 * Occlusion, Image, Header, Back Extra, Comments (found by position: users rename them).
 * Mnemo does not draw the masks yet: each card becomes a Q&A card showing the header and the
 * image, the back the image again with Back Extra and Comments, and the import's summary says
 * so (issue 20 item 2).
 */
import { htmlToMarkdown } from './html-to-markdown';

export const IMAGE_OCCLUSION_CHANGE =
  'Image Occlusion cards became question-and-answer cards showing the image, without its masks';

const SHAPE = /\{\{c\d+::image-occlusion:/;

/** Whether a cloze note's text is made of Image Occlusion shapes. */
export function isImageOcclusion(clozeText: string): boolean {
  return SHAPE.test(clozeText);
}

/** Front and back of the card (Markdown), from the note's field values by position. */
export function imageOcclusionContent(values: string[]): { front: string; back: string } {
  const [, image = '', header = '', backExtra = '', comments = ''] = values;
  const join = (parts: string[]) =>
    parts
      .map((part) => htmlToMarkdown(part))
      .filter((part) => part !== '')
      .join('\n\n');
  return { front: join([header, image]), back: join([image, backExtra, comments]) };
}
