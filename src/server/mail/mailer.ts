import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const LINK_PATTERN = /https?:\/\/[^\s"'<>]+/g;

/** Extracts the links of a message, so a local user (or a test) can follow them. */
export function linksOf(text: string): string[] {
  return [...new Set(text.match(LINK_PATTERN) ?? [])];
}

/** One line for a person reading the console: `mail to a@b.c: "Subject" → http://…`. */
export function mailLine({ to, subject, links }: { to: string; subject: string; links: string[] }) {
  return `mail to ${to}: ${JSON.stringify(subject)} ${links.length ? `→ ${links.join(' ')}` : '(no link)'}`;
}

const printToStdout = (line: string) => void process.stdout.write(`${line}\n`);

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise every message is written as JSON to
 * the outbox folder under the data directory and one readable line per message (its address,
 * subject and links) is printed for the person running Mnemo locally, at log level info.
 */
export function createMailer(
  config: Config['mail'],
  logger: Logger,
  print: (line: string) => void = printToStdout,
): Mailer {
  if (config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    // Loaded with the first message: a start without SMTP never reads nodemailer.
    let transport: Promise<{ sendMail(mail: object): Promise<unknown> }> | undefined;
    return {
      async send(mail) {
        transport ??= import('nodemailer').then(({ default: nodemailer }) =>
          nodemailer.createTransport(smtpUrl),
        );
        await (await transport).sendMail({ from: config.from, ...mail });
        logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  return {
    async send(mail) {
      await fs.mkdir(config.outboxDir, { recursive: true });
      const createdAt = new Date().toISOString();
      const file = path.join(
        config.outboxDir,
        `${createdAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`,
      );
      const links = linksOf(mail.text);
      const message = { from: config.from, ...mail, links, createdAt };
      // Written aside, then renamed: a reader never sees half a message.
      await fs.writeFile(`${file}.part`, `${JSON.stringify(message, null, 2)}\n`, { mode: 0o600 });
      await fs.rename(`${file}.part`, file);
      logger.debug({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
      if (logger.isLevelEnabled('info'))
        print(mailLine({ to: mail.to, subject: mail.subject, links }));
    },
  };
}
