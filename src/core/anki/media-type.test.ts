import { describe, expect, it } from 'vitest';
import { sniffMediaType } from './media-type';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );

describe('sniffMediaType', () => {
  it('recognises each allowed type by its bytes', () => {
    expect(sniffMediaType(bytes('\x89PNG\r\n\x1a\n', [0, 0]))?.ext).toBe('png');
    expect(sniffMediaType(bytes([0xff, 0xd8, 0xff, 0xe0]))?.contentType).toBe('image/jpeg');
    expect(sniffMediaType(bytes('GIF89a'))?.ext).toBe('gif');
    expect(sniffMediaType(bytes('RIFF', [1, 0, 0, 0], 'WEBPVP8 '))?.ext).toBe('webp');
    expect(sniffMediaType(bytes('RIFF', [1, 0, 0, 0], 'WAVEfmt '))?.ext).toBe('wav');
    expect(sniffMediaType(bytes('OggS', [0]))?.ext).toBe('ogg');
    expect(sniffMediaType(bytes([0, 0, 0, 32], 'ftypM4A '))?.ext).toBe('m4a');
    expect(sniffMediaType(bytes('ID3', [4, 0]))?.contentType).toBe('audio/mpeg');
    expect(sniffMediaType(bytes([0xff, 0xfb, 0x90, 0x00]))?.ext).toBe('mp3');
  });

  it('refuses SVG, HTML and anything unknown, whatever the name', () => {
    expect(
      sniffMediaType(bytes('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')),
    ).toBeNull();
    expect(sniffMediaType(bytes('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(sniffMediaType(bytes('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffMediaType(bytes([]))).toBeNull();
    expect(sniffMediaType(bytes('RIFF', [1, 0, 0, 0], 'AVI '))).toBeNull();
  });
});
