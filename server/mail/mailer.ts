import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  from?: string;
}
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const DEFAULT_FROM = 'Portal <no-reply@portal.localhost>';

/**
 * SMTP when SMTP_URL is set (smtp://user:pass@host:587); otherwise each message is
 * rendered by nodemailer as a real RFC 822 message and written to the outbox folder.
 */
export function createMailer(options: { smtpUrl?: string | undefined; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (message) => {
        await transport.sendMail({ from: DEFAULT_FROM, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: DEFAULT_FROM, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^a-z0-9@.]/gi, '_')}.eml`;
      await writeFile(join(options.outboxDir, name), info.message as Buffer);
    },
  };
}

/** Keeps messages in memory; for tests that read what was sent. */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
}
