/**
 * Outgoing mail. SMTP (nodemailer) when SMTP_URL is set; otherwise each message is written as a
 * file under DATA_DIR/mail/, which is how a developer or a test reads a reset link. The memory
 * transport is the in-memory twin for unit tests.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  /** Sends the message; answers where it went (a file path, or the SMTP message id). */
  send(message: MailMessage): Promise<string>;
}

export class FileMailTransport implements MailTransport {
  constructor(
    private readonly dir: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
    const eml = [`From: ${this.from}`, `To: ${message.to}`, `Subject: ${message.subject}`, 'Content-Type: text/plain; charset=utf-8', '', message.text, ''].join('\r\n');
    await writeFile(file, eml, { mode: 0o600 });
    return file;
  }
}

export class SmtpMailTransport implements MailTransport {
  private readonly transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<string> {
    const info = await this.transporter.sendMail({ from: this.from, ...message });
    return String(info.messageId);
  }
}

export class MemoryMailTransport implements MailTransport {
  readonly sent: MailMessage[] = [];

  async send(message: MailMessage): Promise<string> {
    this.sent.push(message);
    return `memory:${this.sent.length}`;
  }
}
