import { describe, expect, it } from 'vitest';
import { createKeyBox } from './key-box';

describe('key box', () => {
  const box = createKeyBox('a-server-secret-of-some-length');

  it('opens what it sealed, and the sealed text does not contain the key', () => {
    const sealed = box.seal('sk-test-1234567890abcdef');
    expect(sealed).not.toContain('sk-test');
    expect(sealed).not.toContain('abcdef');
    expect(box.open(sealed)).toBe('sk-test-1234567890abcdef');
  });

  it('seals the same key differently each time (a fresh IV)', () => {
    expect(box.seal('sk-same-key')).not.toBe(box.seal('sk-same-key'));
  });

  it('does not open a value sealed with another secret, or a tampered one', () => {
    const sealed = box.seal('sk-test-key-123');
    expect(createKeyBox('another-secret').open(sealed)).toBeNull();
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = `${body![0] === 'A' ? 'B' : 'A'}${body!.slice(1)}`;
    expect(box.open([v, iv, tag, flipped].join('.'))).toBeNull();
    expect(box.open('plain-text')).toBeNull();
  });
});
