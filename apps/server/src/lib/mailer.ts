import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@provisio/contract';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

export interface OutgoingMail {
  kind: string;
  to: string;
  cc?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; contentBase64: string; cid?: string }[];
  /** The job that queued it, and the tenant and extension it is for: a screen follows its delivery (jobMails). */
  jobId?: number;
  tenantId?: string;
  ref?: string;
  /** The sender, when not the server's MAIL_FROM (a reseller's branding, issue #19). */
  from?: string;
  /** The tenant whose brand the message wears when it is not one of the tenant's tracked messages (tenantId). */
  brandTenant?: string;
  /** The recipient's language, for what a decorator adds (a branded footer). */
  lang?: Language;
}

/** Changes a message before it is queued (modules/branding brands a tenant's mail with its reseller's brand). */
export type MailDecorator = (mail: OutgoingMail, db: Kysely<Database>) => Promise<OutgoingMail>;

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  pollMs: number;
  maxAttempts?: number;
  /** How long a claimed ('sending') message stays claimed before another run (or instance) may take it over. */
  claimMs?: number;
}

const BATCH = 20;

/** Parses smtp[s]://user:pass@host:port; credentials are never logged. */
function transportFromUrl(url: string): Transporter {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  // A pool keeps the connection open between messages: a new SMTP session per message made a bulk email of
  // 1,000 take over 100 s against a loopback server (docs/security.md, reliability checks).
  return nodemailer.createTransport({
    pool: true,
    maxConnections: 1,
    host: u.hostname,
    port: Number(u.port || (secure ? 465 : 587)),
    secure,
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    requireTLS: u.searchParams.get('requireTLS') === 'true',
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/**
 * One mailer: every message goes into the mail_messages outbox first, then a poller sends it. The outbox
 * survives a restart, and a claim per row keeps two server instances from sending the same message.
 */
export class Mailer {
  private readonly transport?: Transporter;
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private readonly maxAttempts: number;
  private decorator?: MailDecorator;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: MailerOptions,
  ) {
    if (opts.smtpUrl) this.transport = transportFromUrl(opts.smtpUrl);
    this.maxAttempts = opts.maxAttempts ?? 8;
  }

  /** Every message queued from now on goes through `decorator` first (set once by buildApp). */
  decorate(decorator: MailDecorator): void {
    this.decorator = decorator;
  }

  /** Queues a message; pass a transaction to make queuing part of it (a job's once-only effect). */
  async enqueue(given: OutgoingMail, trx?: Kysely<Database>): Promise<number> {
    const now = Date.now();
    const mail = this.decorator ? await this.decorator(given, trx ?? this.db.kysely) : given;
    const row = await (trx ?? this.db.kysely)
      .insertInto('mail_messages')
      .values({
        kind: mail.kind,
        to_addr: mail.to,
        cc: mail.cc ?? '',
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html ?? null,
        attachments: mail.attachments ? JSON.stringify(mail.attachments) : null,
        status: 'queued',
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
        job_id: mail.jobId ?? null,
        tenant_id: mail.tenantId ?? null,
        ref: mail.ref ?? null,
        from_addr: mail.from ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    this.kick();
    return row.id;
  }

  /**
   * Sends a failed message again now, with its automatic retries counted afresh; resolves false when the message is
   * not failed (sent, or already queued). One conditional UPDATE: two parallel retries queue it once.
   */
  async requeue(id: number): Promise<boolean> {
    const res = await this.db.kysely
      .updateTable('mail_messages')
      .set({ status: 'queued', attempts: 0, next_attempt_at: Date.now(), claimed_at: null })
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    this.kick();
    return true;
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), this.opts.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    this.transport?.close();
  }

  /** Sends what is due now; resolves with how many messages were handled. */
  flush(): Promise<number> {
    this.running ??= this.processDue().finally(() => (this.running = undefined));
    return this.running;
  }

  private kick(): void {
    this.flush().catch((err: unknown) => this.log.error({ err }, 'mail outbox run failed'));
  }

  private async processDue(): Promise<number> {
    let handled = 0;
    for (;;) {
      const now = Date.now();
      const due = await this.db.kysely
        .selectFrom('mail_messages')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
            eb.and([
              eb('status', '=', 'failed'),
              eb('next_attempt_at', '<=', now),
              eb('attempts', '<', this.maxAttempts),
            ]),
            eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', now - (this.opts.claimMs ?? 5 * 60_000))]),
          ]),
        )
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (due.length === 0) return handled;
      for (const msg of due) {
        const claimed = await this.db.kysely
          .updateTable('mail_messages')
          .set({ status: 'sending', claimed_at: now })
          .where('id', '=', msg.id)
          .where('status', '=', msg.status)
          .where((eb) =>
            msg.claimed_at === null ? eb('claimed_at', 'is', null) : eb('claimed_at', '=', msg.claimed_at),
          )
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) continue;
        await this.deliver(msg);
        handled++;
      }
    }
  }

  private async deliver(msg: {
    id: number;
    to_addr: string;
    cc: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    attachments: string | null;
    attempts: number;
    kind: string;
    from_addr: string | null;
  }): Promise<void> {
    const done = (set: {
      status: 'sent' | 'logged' | 'failed';
      last_error?: string | null;
      next_attempt_at?: number;
      text_body?: string;
      html_body?: null;
      attachments?: null;
    }) =>
      this.db.kysely
        .updateTable('mail_messages')
        .set({
          ...set,
          attempts: msg.attempts + 1,
          claimed_at: null,
          sent_at: set.status === 'failed' ? null : Date.now(),
        })
        .where('id', '=', msg.id)
        .execute();
    if (!this.transport) {
      // No SMTP configured: keep the message and show it in the log, so a local user can follow a link.
      this.log.info(
        { mailId: msg.id, kind: msg.kind, to: msg.to_addr, subject: msg.subject, text: msg.text_body },
        'mail (no SMTP_URL: not sent)',
      );
      await done({ status: 'logged' });
      return;
    }
    try {
      const attachments = msg.attachments
        ? (JSON.parse(msg.attachments) as NonNullable<OutgoingMail['attachments']>).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, 'base64'),
            cid: a.cid,
          }))
        : undefined;
      await this.transport.sendMail({
        from: msg.from_addr ?? this.opts.from,
        to: msg.to_addr,
        cc: msg.cc || undefined,
        subject: msg.subject,
        text: msg.text_body,
        html: msg.html_body ?? undefined,
        attachments,
        // A stable id per outbox row lets a receiving server drop the duplicate left by a crash after sending.
        messageId: `<provisio-${msg.id}-${msg.kind}@${this.opts.from.match(/@([^>\s]+)/)?.[1] ?? 'localhost'}>`,
      });
      // The recipient, so the logs screen says who got what (issue #19); never the body.
      this.log.info({ mailId: msg.id, kind: msg.kind, to: msg.to_addr }, 'mail sent');
      // Bodies carry reset links and QR images with app passwords: once sent, only who, what and when stay.
      await done({ status: 'sent', last_error: null, text_body: '', html_body: null, attachments: null });
    } catch (err) {
      const backoff = Math.min(60 * 60_000, 5_000 * 2 ** msg.attempts);
      this.log.warn({ mailId: msg.id, kind: msg.kind, to: msg.to_addr, err }, 'mail delivery failed, will retry');
      await done({
        status: 'failed',
        last_error: err instanceof Error ? err.message : String(err),
        next_attempt_at: Date.now() + backoff,
      });
    }
  }
}
