import { describe, expect, it } from 'vitest';
import { renderCardHtml } from '../card-content/render';
import { htmlToMarkdown } from './html-to-markdown';
import { ankiMediaReferences, rewriteAnkiMedia } from './media-references';

const IMG = `${'1'.repeat(64)}.jpg`;
const MP3 = `${'2'.repeat(64)}.mp3`;
const stored: Record<string, string> = { 'cat (1).jpg': IMG, 'meow.mp3': MP3 };
const resolve = (name: string): string | null => stored[name] ?? null;

describe('Anki media references', () => {
  it('lists the images and sounds a field references, once each, without remote images', () => {
    const field =
      '<img src="cat (1).jpg"> [sound:meow.mp3] <img src=\'cat (1).jpg\'> <img src="https://x.org/a.png"> <img src="data:image/png;base64,AA">';
    expect(ankiMediaReferences(field)).toEqual(['cat (1).jpg', 'meow.mp3']);
  });

  it('rewrites images and sounds to stored media that the card shows', () => {
    const { html, missing } = rewriteAnkiMedia(
      'Cat <img alt="a cat" src="cat (1).jpg" width="50"> says [sound:meow.mp3]',
      resolve,
    );
    expect(missing).toEqual([]);
    const markdown = htmlToMarkdown(html);
    expect(markdown).toBe(`Cat ![a cat](mnemo-media:${IMG}) says ![sound](mnemo-media:${MP3})`);
    const rendered = renderCardHtml(markdown);
    expect(rendered).toContain(`<img src="/api/media/${IMG}" alt="a cat" loading="lazy">`);
    expect(rendered).toContain(`<audio controls preload="none" src="/api/media/${MP3}"`);
  });

  it('reports a missing file and leaves its reference as it was', () => {
    const field = '<img src="gone.png"> [sound:gone.mp3] [sound:meow.mp3]';
    const { html, missing } = rewriteAnkiMedia(field, resolve);
    expect(missing).toEqual(['gone.png', 'gone.mp3']);
    expect(html).toBe(
      `<img src="gone.png"> [sound:gone.mp3] <img src="mnemo-media:${MP3}" alt="sound">`,
    );
    expect(renderCardHtml(htmlToMarkdown(html))).not.toContain('/api/media/gone');
  });
});
