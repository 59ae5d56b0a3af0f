import { describe, expect, it } from 'vitest';
import { fileBelongsToUser, parseStoredFilePath, storedFilePath } from './file-paths';

const now = new Date('2026-11-23T10:00:00.000Z');

describe('stored file paths', () => {
  it('are {userId}/{timestamp}_{random}.{ext}', () => {
    expect(storedFilePath('user_1', 'pdf', now, 'Ab3-xY9z')).toBe(
      `user_1/${now.getTime()}_ab3xy9z.pdf`,
    );
    expect(parseStoredFilePath(`user_1/${now.getTime()}_ab3xy9z.pdf`)).toEqual({
      userId: 'user_1',
      name: `${now.getTime()}_ab3xy9z.pdf`,
      extension: 'pdf',
      uploadedAt: now,
    });
  });

  it('refuse ids and random parts that would make a bad path', () => {
    expect(() => storedFilePath('../etc', 'txt', now, 'abcdef')).toThrow();
    expect(() => storedFilePath('u', 'txt', now, '--')).toThrow();
  });

  it('belong only to the user named by the first segment', () => {
    const path = storedFilePath('alice', 'docx', now, 'qwerty12');
    expect(fileBelongsToUser('alice', path)).toBe(true);
    expect(fileBelongsToUser('bob', path)).toBe(false);
    expect(fileBelongsToUser('ali', path)).toBe(false);
  });

  it('refuse every path that is not of the stored shape', () => {
    const stamp = now.getTime();
    for (const path of [
      '',
      'alice',
      'alice/',
      `alice/../bob/${stamp}_abcdef.txt`,
      `alice/sub/${stamp}_abcdef.txt`,
      `/alice/${stamp}_abcdef.txt`,
      `alice/${stamp}_abcdef.exe`,
      `alice/${stamp}_abcdef.txt/`,
      `alice/${stamp}_ab.txt`,
      `alice/${stamp}_abcdef.txt\u0000.pdf`,
      `alice\\${stamp}_abcdef.txt`,
      `..%2Falice/${stamp}_abcdef.txt`,
    ]) {
      expect(parseStoredFilePath(path), path).toBeNull();
      expect(fileBelongsToUser('alice', path), path).toBe(false);
    }
  });
});
