import { describe, expect, it } from 'vitest';
import { findUnsafeHtml, renderCardHtml } from './render';
import { isAllowedMediaTag, isMediaName, mediaMarkdown, renderMediaImage } from './media';

const SHA = 'a'.repeat(64);

describe('media references', () => {
  it('accepts only sha256 names with an allowed extension', () => {
    expect(isMediaName(`${SHA}.png`)).toBe(true);
    expect(isMediaName(`${SHA}.mp3`)).toBe(true);
    expect(isMediaName(`${SHA}.svg`)).toBe(false);
    expect(isMediaName(`../${SHA}.png`)).toBe(false);
    expect(isMediaName('cat.png')).toBe(false);
  });

  it('renders a stored image as a lazy <img> on the media route', () => {
    const html = renderCardHtml(`A cat: ${mediaMarkdown(`${SHA}.jpg`, 'cat')}`);
    expect(html).toContain(`<img src="/api/media/${SHA}.jpg" alt="cat" loading="lazy">`);
    expect(findUnsafeHtml(html)).toBeNull();
  });

  it('renders a stored sound as an audio player', () => {
    const html = renderCardHtml(mediaMarkdown(`${SHA}.mp3`));
    expect(html).toContain(
      `<audio controls preload="none" src="/api/media/${SHA}.mp3" aria-label="Play sound"></audio>`,
    );
    expect(findUnsafeHtml(html)).toBeNull();
  });

  it('keeps every other image a link and never loads it', () => {
    const remote = renderCardHtml('![x](https://example.com/a.png)');
    expect(remote).not.toContain('<img');
    expect(remote).toContain('href="https://example.com/a.png"');
    expect(renderCardHtml(`![x](mnemo-media:${SHA}.svg)`)).not.toContain('<img');
    expect(renderCardHtml('![x](mnemo-media:../../etc/passwd.png)')).not.toContain('<img');
    expect(renderMediaImage('/api/media/x.png', '')).toBeNull();
  });

  it('an image inside a link stays text', () => {
    const html = renderCardHtml(`[${mediaMarkdown(`${SHA}.png`, 'cat')}](https://example.com)`);
    expect(html).not.toContain('<img');
  });

  it('the unsafe-html check allows exactly the media elements it writes', () => {
    expect(
      isAllowedMediaTag(false, 'img', ` src="/api/media/${SHA}.png" alt="" loading="lazy"`),
    ).toBe(true);
    expect(isAllowedMediaTag(false, 'img', ` src="/api/media/${SHA}.png" onerror="x()"`)).toBe(
      false,
    );
    expect(isAllowedMediaTag(false, 'img', ' src="https://evil.example/a.png"')).toBe(false);
    expect(isAllowedMediaTag(false, 'img', ` src="/api/media/${SHA}.mp3"`)).toBe(false);
    expect(isAllowedMediaTag(false, 'audio', ` controls src="/api/media/${SHA}.png"`)).toBe(false);
    expect(isAllowedMediaTag(false, 'img', ' alt="no source"')).toBe(false);
    expect(isAllowedMediaTag(true, 'audio', '')).toBe(true);
    expect(isAllowedMediaTag(false, 'video', ` src="/api/media/${SHA}.mp3"`)).toBe(false);
    expect(findUnsafeHtml('<img src="https://evil.example/a.png">')).toBe('forbidden tag <img>');
    expect(findUnsafeHtml(`<img src="/api/media/${SHA}.png" onerror="alert(1)">`)).not.toBeNull();
    expect(findUnsafeHtml(`<img src="/api/media/${SHA}.png" alt="x">`)).toBeNull();
  });
});
