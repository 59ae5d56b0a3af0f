import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, mailLine } from './mailer';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

function capture(level = 'info') {
  const lines: string[] = [];
  const printed: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return {
    lines,
    printed,
    print: (line: string) => printed.push(line),
    logger: pino({ level }, stream),
  };
}

describe('the outbox mailer', () => {
  it('prints one readable line per message, with its links, and keeps the JSON file', async () => {
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mnemo-outbox-'));
    dirs.push(outboxDir);
    const { lines, printed, print, logger } = capture();
    const mailer = createMailer(
      { smtpUrl: undefined, from: 'Mnemo <no-reply@mnemo.local>', outboxDir },
      logger,
      print,
    );
    await mailer.send({
      to: 'a@b.c',
      subject: 'Reset your password',
      text: 'Open http://localhost:3000/auth/reset-password?token=abc to reset it.\n',
      html: '<p>…</p>',
    });
    // The JSON log keeps no copy of the links; the person reads the printed line.
    expect(lines.join('\n')).not.toContain('token=abc');
    expect(printed).toHaveLength(1);
    const line = printed[0] ?? '';
    expect(line).toBe(
      'mail to a@b.c: "Reset your password" → http://localhost:3000/auth/reset-password?token=abc',
    );
    expect(() => JSON.parse(line)).toThrow();
    const files = await fs.readdir(outboxDir);
    expect(files).toHaveLength(1);
    const stored = JSON.parse(await fs.readFile(path.join(outboxDir, files[0] ?? ''), 'utf8'));
    expect(stored.links).toEqual(['http://localhost:3000/auth/reset-password?token=abc']);
  });

  it('says when a message has no link, and is quiet when the log level is above info', async () => {
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mnemo-outbox-'));
    dirs.push(outboxDir);
    expect(mailLine({ to: 'x@y.z', subject: 'Hello', links: [] })).toBe(
      'mail to x@y.z: "Hello" (no link)',
    );
    expect(mailLine({ to: 'x@y.z', subject: 'Two', links: ['http://a/1', 'http://a/2'] })).toBe(
      'mail to x@y.z: "Two" → http://a/1 http://a/2',
    );
    const { lines, printed, print, logger } = capture('warn');
    const mailer = createMailer(
      { smtpUrl: undefined, from: 'Mnemo <no-reply@mnemo.local>', outboxDir },
      logger,
      print,
    );
    await mailer.send({ to: 'x@y.z', subject: 'Quiet', text: 'http://a/1', html: '' });
    expect(printed).toEqual([]);
    expect(lines).toEqual([]);
  });
});
