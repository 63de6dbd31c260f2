import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './env-file';
import { PLATFORMS } from './platform/platforms';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Every configuration key, with its default. Documented in README.md and .env.example. */
export const ConfigSchema = z.object({
  PORT: int(0, 65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  CLOUD_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, _ or -, at most 40')
    .default('DEMO'),
  ADMIN_PASSWORD: z.string().min(6, 'at least 6 characters').max(100).optional(),
  SEED_DEMO: bool.default(true),
  PUBLIC_URL: z.url().optional(),
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(12),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24 * 7),
  /** Issue #18: a "view as" session ends after this many idle minutes, and this many after it started. */
  VIEW_AS_IDLE_MINUTES: int(1, 24 * 60).default(30),
  VIEW_AS_MAX_MINUTES: int(1, 24 * 60).default(120),
  RESET_LINK_MINUTES: int(1, 24 * 60).default(60),
  LOGIN_SLOW_AFTER: int(1, 1000).default(3),
  LOGIN_MAX_FAILURES: int(1, 1000).default(10),
  LOGIN_WINDOW_MINUTES: int(1, 24 * 60).default(15),
  PIN_MAX_FAILURES_PER_DAY: int(1, 10_000).default(20),
  /** Issue #18: requests per minute one API key may make (past it: 429 until the minute is over). */
  API_KEY_RATE_PER_MINUTE: int(1, 100_000).default(120),
  /** Issue #18: how long "remember this browser" skips the second sign-in step. */
  TWO_FACTOR_REMEMBER_DAYS: int(1, 365).default(30),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Provisio <no-reply@localhost>'),
  MAIL_POLL_MS: int(50, 600_000).default(1000),
  MAIL_CLAIM_MS: int(1000, 3_600_000).default(300_000),
  MAIL_PER_CALLER_HOUR: int(1, 1_000_000).default(1000),
  MAIL_PER_TENANT_HOUR: int(1, 1_000_000).default(2000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_RETENTION_DAYS: int(1, 3650).default(30),
  LOG_MAX_ROWS: int(100, 1_000_000_000).default(2_000_000),
  HISTORY_RETENTION_DAYS: int(1, 3650).default(90),
  PROVISIONING_LOG_MAX_ROWS: int(100, 1_000_000_000).default(1_000_000),
  LOKI_URL: z.url().optional(),
  LOKI_SELECTOR: z
    .string()
    .regex(/^\{.+\}$/, 'a LogQL stream selector such as {job="provisio"}')
    .default('{job=~".+"}'),
  TRUST_PROXY: bool.default(false),
  WEB_DIST: z.string().optional(),
  PLATFORM: z.enum(PLATFORMS, { error: `must be one of: ${PLATFORMS.join(', ')}` }).default('builtin'),
  KAMAILIO_DB_URL: z
    .string()
    .regex(
      /^(postgres(ql)?:\/\/|sqlite:\/\/\/|[^:]+$)/,
      'a Kamailio db_url: sqlite:////abs/file.db, a file path, or postgres://…',
    )
    .optional(),
  KAMAILIO_SIP_DOMAIN: z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,64}$/, 'a domain name or IP address')
    .optional(),
  KAMAILIO_SIP_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, 'host or host:port')
    .optional(),
  KAMAILIO_REALM: z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,64}$/, 'a realm such as sip.provider.com')
    .optional(),
  /** Kamailio's JSON-RPC over HTTP (xhttp + jsonrpcs): active calls, contacts (ul.dump / ul.rm), htable.reload. */
  KAMAILIO_RPC_URL: z.url().optional(),
  /** rtpengine's ng control socket, `udp:host:port`: listen-in (subscribe request / answer, unsubscribe). */
  RTPENGINE_NG: z
    .string()
    .regex(/^udp:[A-Za-z0-9.-]+:\d{1,5}$/, 'udp:host:port, e.g. udp:127.0.0.1:2223')
    .optional(),
  /** rtpengine's recording-dir (recording-method=pcap): the calls' pcaps, played back as WAV. */
  RTPENGINE_RECORDING_DIR: z.string().min(1).optional(),
  NS_API_URL: z.url().optional(),
  NS_API_KEY: z.string().min(8).optional(),
  NS_TENANT_MODE: z.enum(['reseller', 'domain']).default('domain'),
  NS_MAX_IN_FLIGHT: int(1, 50).default(5),
  JOB_POLL_MS: int(50, 600_000).default(1000),
  JOB_LEASE_MS: int(1000, 3_600_000).default(60_000),
  SIM_ACTIVE_CALLS: int(0, 50).default(2),
  SIM_CALL_MINUTES: int(1, 24 * 60).default(5),
  MONITOR_BASE_URL: z
    .string()
    .regex(/^(\/|https?:\/\/)[^\s]*$/, 'a path such as /api/v1 or an http(s) URL')
    .default('/api/v1'),
  MONITOR_MAX_MINUTES: int(1, 24 * 60).default(30),
  PROVISIONING_KEY_MAP: z.string().optional(),
  PROVISION_REFRESH_SECONDS: int(0, 31_536_000).default(86_400),
  /** Signed webhooks (issue #18): may endpoints be on private or loopback addresses (SSRF guard off)? */
  WEBHOOKS_ALLOW_PRIVATE: bool.default(false),
  WEBHOOK_TIMEOUT_MS: int(500, 60_000).default(10_000),
  WEBHOOK_DISABLE_AFTER: int(1, 1000).default(15),
  WEBHOOK_RETRY_HOURS: int(1, 168).default(24),
  WEBHOOK_BACKOFF_MS: int(10, 3_600_000).default(10_000),
  WEBHOOK_POLL_MS: int(50, 600_000).default(1000),
  WEBHOOK_LEASE_MS: int(1000, 3_600_000).default(60_000),
  CORS_ORIGINS: z
    .string()
    .refine(
      (v) => v.split(',').every((o) => /^https?:\/\/[^/\s,]+$/.test(o.trim())),
      'a comma-separated list of origins such as https://ops.example.com (no path)',
    )
    .optional(),
});

export type Config = z.infer<typeof ConfigSchema> & {
  dataDir: string;
  publicUrl: string;
  webDist: string;
  provisioningKeyMap: string;
  corsOrigins: string[];
};

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops the server with every problem listed. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.keys(ConfigSchema.shape);
  const input: Record<string, string> = {};
  for (const key of known) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = ConfigSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const needed = { kamailio: ['KAMAILIO_DB_URL'], netsapiens: ['NS_API_URL', 'NS_API_KEY'], builtin: [] }[
    c.PLATFORM
  ] as (keyof typeof c)[];
  const missing = needed.filter((k) => c[k] === undefined);
  if (missing.length)
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required when PLATFORM=${c.PLATFORM}`).join('\n')}`,
    );
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, '');
  const webDist = path.resolve(c.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist'));
  const provisioningKeyMap = path.resolve(
    c.PROVISIONING_KEY_MAP ?? path.join(import.meta.dirname, '../provisioning-keys.json'),
  );
  const corsOrigins = (c.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  // A relative DATA_DIR is taken from the repository's root (where `.env` is), whatever directory the server starts in.
  return { ...c, dataDir: path.resolve(REPO_ROOT, c.DATA_DIR), publicUrl, webDist, provisioningKeyMap, corsOrigins };
}
