/**
 * Starts what the e2e specs run against: a real SMTP server on loopback whose mail the specs can read over HTTP,
 * a fresh SQLite database seeded with the demo data plus the specs' own accounts, and the real server.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { pino } from 'pino';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import { migrate } from '../../apps/server/src/migrations';
import { seedOnFirstStart } from '../../apps/server/src/seed/seed';
import { E2E } from './constants';

const mails: { to: string[]; subject: string; text: string }[] = [];

function startMailCatcher(): Promise<void> {
  const newSmtp = () =>
    new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // Stopping tells the portal's pooled connection to go at once (not after 30 s).
      closeTimeout: 100,
      // Mail to the bounce domain is refused, as a real server refuses an unknown mailbox: the portal's delivery fails.
      onRcptTo(address, _session, callback) {
        if (!address.address.endsWith(`@${E2E.bounceDomain}`)) return callback();
        callback(Object.assign(new Error(`<${address.address}>: mailbox unavailable`), { responseCode: 550 }));
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
        stream.on('end', () => {
          const text = raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: raw.match(/^Subject: (.*)$/m)?.[1] ?? '',
            text,
          });
          callback();
        });
      },
    });
  let smtp: SMTPServer | null = newSmtp();
  const listen = (server: SMTPServer) => new Promise<void>((r) => server.listen(E2E.smtpPort, '127.0.0.1', r));
  // POST /smtp/stop and /smtp/start (issue #20): a spec stops the SMTP server (the portal's deliveries fail) and
  // starts it again on the same port; anything else answers the mails received so far.
  const api = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.method === 'POST' && req.url?.endsWith('/smtp/stop')) {
      const running = smtp;
      smtp = null;
      if (!running) return res.end('{"smtp":"stopped"}');
      return void running.close(() => res.end('{"smtp":"stopped"}'));
    }
    if (req.method === 'POST' && req.url?.endsWith('/smtp/start')) {
      if (smtp) return res.end('{"smtp":"running"}');
      smtp = newSmtp();
      return void listen(smtp).then(() => res.end('{"smtp":"running"}'));
    }
    res.end(JSON.stringify(mails));
  });
  return Promise.all([
    listen(smtp),
    new Promise<void>((r) => api.listen(Number(new URL(E2E.mailApi).port), '127.0.0.1', r)),
  ]).then(() => undefined);
}

async function prepareDatabase(dataDir: string): Promise<void> {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: E2E.adminPassword,
    SEED_DEMO: 'true',
  });
  const db = openDatabase({ sqliteFile: path.join(dataDir, 'provisio.sqlite') });
  await migrate(db);
  await seedOnFirstStart(db, config, pino({ level: 'silent' }));
  const now = Date.now();
  for (const u of [E2E.simpleUser, E2E.resetUser, E2E.profileUser]) {
    await db.kysely
      .insertInto('users')
      .values({
        username: u.username,
        name: u.username
          .split('.')
          .map((p) => p[0]!.toUpperCase() + p.slice(1))
          .join(' '),
        email: u.email,
        phone_number: '',
        password_hash: await hashPassword(u.password),
        user_type: 'simple user',
        active: 1,
        company: 'company' in u ? u.company : '',
        subscriber_id: '',
        picture_url: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  await db.close();
}

const dataDir = path.resolve(`e2e/.artifacts/data-${E2E.port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
await startMailCatcher();
await prepareDatabase(dataDir);
Object.assign(process.env, {
  DATA_DIR: dataDir,
  PORT: String(E2E.port),
  HOST: '127.0.0.1',
  ADMIN_PASSWORD: E2E.adminPassword,
  SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
  PUBLIC_URL: E2E.baseUrl,
  MAIL_POLL_MS: '200',
  // Issue #18 webhooks: the specs' receivers listen on loopback (private addresses are refused by default).
  WEBHOOKS_ALLOW_PRIVATE: 'true',
  WEBHOOK_POLL_MS: '200',
  // info, so the /logs specs find sign-ins, requests and mail as well as warnings and errors.
  LOG_LEVEL: 'info',
});
delete process.env.DATABASE_URL;
await import('../../apps/server/src/server');
