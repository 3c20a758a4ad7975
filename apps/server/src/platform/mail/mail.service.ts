import { runUnbound } from '../../db/account-boundary';
import type { Mail } from '@certs/shared/mail/mail.contract';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Executor } from '../../db/executor';
import type { MailRepository, MailRow } from './mail.repository';

export interface OutgoingMail {
  to: string;
  toUserId?: string | null;
  subject: string;
  /** Paragraphs of plain text; the HTML version is made from them. */
  paragraphs: string[];
  links?: { label: string; url: string }[];
  /**
   * The program the mail is about: its awarding body sends it (decision 033), named as the From
   * name and under the text. Without one the mail is the platform's own (sign-in, registration).
   */
  programId?: string | null;
  /** The awarding body itself, for a mail about no program (a reply to a message sent to the body). */
  accountId?: string | null;
}

/** The address part of MAIL_FROM ("Name <address>" or a bare address), for a From with another name. */
function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

const RETRY_SECONDS = [30, 120, 600, 1800, 7200];
const LEASE_SECONDS = 120;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function toMail(row: MailRow): Mail {
  return {
    id: row.id,
    toEmail: row.toEmail,
    subject: row.subject,
    text: row.text,
    links: row.links,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdOn: row.createdOn.toISOString(),
    sentOn: row.sentOn?.toISOString() ?? null,
    fromName: row.fromName,
  };
}

/**
 * Every mail is first a row (the outbox): nothing sent is lost, the applicant's inbox shows it,
 * and staff read it in Emails. With SMTP configured the row is queued and a worker sends it,
 * retrying with back-off; without, it is kept and its subject and links go to the log.
 */
export class MailService {
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly repository: MailRepository,
    private readonly options: {
      smtpUrl?: string;
      from: string;
      log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
      /** Off in tests that drive the queue pass by pass; on by default. */
      sendImmediately?: boolean;
    },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  /** Records the mail (in the caller's transaction when given) and queues it when SMTP is configured. */
  async send(mail: OutgoingMail, db?: Executor): Promise<MailRow> {
    const links = mail.links ?? [];
    const sender = mail.programId
      ? await this.repository.findSenderOfProgram(mail.programId, db)
      : mail.accountId
        ? await this.repository.findSenderOfAccount(mail.accountId, db)
        : undefined;
    const paragraphs = sender ? [...mail.paragraphs, sender.senderName] : mail.paragraphs;
    const text = [...paragraphs, ...links.map((link) => `${link.label}: ${link.url}`)].join('\n\n');
    const html = [
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      ...links.map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`),
    ].join('\n');
    const row = await this.repository.insert(
      {
        toEmail: mail.to,
        toUserId: mail.toUserId ?? null,
        subject: mail.subject,
        text,
        html,
        links,
        accountId: sender?.accountId ?? null,
        fromName: sender?.senderName ?? null,
        status: this.transport ? 'queued' : 'kept',
        nextAttemptOn: this.transport ? new Date() : null,
      },
      db,
    );
    if (!this.transport) {
      this.options.log.info({ to: mail.to, subject: mail.subject, links: links.map((l) => l.url) }, 'mail kept (no SMTP_URL): read it in the admin Emails screen');
    } else if (this.options.sendImmediately !== false) {
      // Sending right away keeps the wait short; a mail written in a transaction that has not
      // committed yet is invisible here, and the next poll sends it.
      // Unbound: the outbox is every account's, whoever's request wrote this mail.
      setImmediate(() => runUnbound(() => void this.sendDue()));
    }
    return row;
  }

  /** Polls the queue every `intervalMs` (every instance may; the lease keeps them apart). */
  start(intervalMs = 1000): void {
    if (!this.transport || this.timer) return;
    this.timer = setInterval(() => void this.sendDue(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => 0);
    this.transport?.close();
  }

  /** Sends what is due; returns how many were sent. A call during a pass waits for it, then makes its own. */
  async sendDue(): Promise<number> {
    if (!this.transport) return 0;
    while (this.running) await this.running.catch(() => 0);
    this.running = this.sendPass();
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  private async sendPass(): Promise<number> {
    if (!this.transport) return 0;
    let sent = 0;
    try {
      const due = await this.repository.claimDue(10, LEASE_SECONDS);
      for (const mail of due) {
        try {
          const from = mail.fromName ? { name: mail.fromName, address: addressOf(this.options.from) } : this.options.from;
          await this.transport.sendMail({ from, to: mail.toEmail, subject: mail.subject, text: mail.text, html: mail.html });
          await this.repository.markSent(mail.id);
          sent += 1;
        } catch (error) {
          const retry = RETRY_SECONDS[mail.attempts - 1] ?? null;
          await this.repository.markFailedAttempt(mail.id, error instanceof Error ? error.message : String(error), retry);
          this.options.log.warn({ err: error, mailId: mail.id, attempt: mail.attempts }, retry === null ? 'mail failed for good' : 'mail failed; will retry');
        }
      }
    } catch (error) {
      this.options.log.warn({ err: error }, 'mail queue not reachable');
    }
    return sent;
  }

  /**
   * A personal-data deletion request (decision 016), in the caller's transaction: every mail to the
   * user keeps its subject and dates (the record that a notice was sent) but loses its address,
   * body and links; one still queued is not sent.
   */
  redactTo(tx: Executor, toUserId: string, replacementEmail: string): Promise<number> {
    return this.repository.redactTo(tx, toUserId, replacementEmail);
  }

  findPage(options: Parameters<MailRepository['findPage']>[0]) {
    return this.repository.findPage(options);
  }
}
