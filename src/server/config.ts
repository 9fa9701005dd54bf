// The only file that reads the environment. Every variable is parsed once, here, with the zod schema of
// env-schema.ts; a bad value stops the process with a message naming the variable and what it accepts.
import os from 'node:os';
import path from 'node:path';
import { MAIL_PORTS } from '#shared/schemas/mail-settings.ts';
import { envSchema, type Env } from './env-schema.ts';
import type { ProxyTrust } from './lib/client-address.ts';

export const TOTP_KEY_FILE_NAME = 'totp-encryption.key';

/** One brute-force rule: `maxFailures` within `windowMs` lock the key for `lockMs`. */
export interface AuthLimit {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}
/** pair = one account from one address; address = one address, any account; account = all addresses. */
export interface AuthLimits {
  pair: AuthLimit;
  address: AuthLimit;
  account: AuthLimit;
}

const MINUTE_MS = 60 * 1000;
const limit = (maxFailures: number, windowMinutes: number, lockMinutes: number): AuthLimit => ({
  maxFailures,
  windowMs: windowMinutes * MINUTE_MS,
  lockMs: lockMinutes * MINUTE_MS,
});

export type DatabaseTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  database: DatabaseTarget;
  uploadDir: string;
  admin: { email: string; password: string } | undefined;
  seedDemo: boolean;
  logLevel: string;
  trustProxy: ProxyTrust;
  maxImageBytes: number;
  maxVideoBytes: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The ports a mail server saved in Settings › Mail may use: the mail ports and MAIL_EXTRA_PORTS
   * (docs/decisions/0462). SMTP_URL, written by the operator, is not limited.
   */
  mailPorts: number[];
  outboxDir: string;
  /** The server key: encrypts TOTP secrets, keys recovery-code hashes (docs/decisions/0102, 0403). */
  totpEncryptionKey: string | undefined;
  /** Where the key is generated and kept when TOTP_ENCRYPTION_KEY is unset: beside the SQLite file. */
  totpKeyFile: string | undefined;
  authLimits: AuthLimits;
  captcha: CaptchaConfig;
  /** Where enquiry notifications go; the site's business e-mail when unset. */
  notifyEmail: string | undefined;
  enquiryRateLimit: { max: number; windowMs: number };
  /**
   * Days a provisional booking holds its date (HOLD_DAYS), and whole days before its first day by
   * which the hold has lapsed at the latest (HOLD_LEAD_DAYS); years finished ones keep names
   * (BOOKING_RETENTION_YEARS); days before the start the customer is reminded, largest first
   * (BOOKING_REMINDER_DAYS).
   */
  bookings: { holdDays: number; holdLeadDays: number; retentionYears: number; reminderDays: number[] };
  /** `writer`: where accepted events are stored — a worker thread (default) or the event loop. */
  analytics: { retentionDays: number; queueLimit: number; writer: 'thread' | 'inline' };
  /** Tracking events per minute from one client address and from one session id, per instance. */
  trackRateLimit: { perAddress: number; perSession: number };
  http: HttpTimeouts;
  /** Where Prometheus scrapes /metrics; undefined: not served. */
  metrics: { port: number; host: string } | undefined;
}

/** Set on the HTTP server itself (issue 20): see HTTP_DEFAULTS in env-schema.ts. */
export interface HttpTimeouts {
  keepAliveTimeoutMs: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  maxConnections: number;
}

export interface CaptchaConfig {
  provider: 'altcha' | 'recaptcha' | 'off';
  /** Shared signing key for ALTCHA challenges; generated once and kept in app_meta when unset. */
  altchaHmacKey: string | undefined;
  altchaMaxNumber: number;
  recaptcha: {
    secretKey: string;
    siteKey: string | undefined;
    verifyUrl: string;
    action: string;
    minScore: number;
    hostname: string;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function parseDatabaseUrl(value: string | undefined): DatabaseTarget {
  if (!value) return { dialect: 'sqlite', file: path.resolve('data/app.db') };
  if (value.startsWith('sqlite:')) {
    const file = value.slice('sqlite:'.length);
    return { dialect: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
  }
  return { dialect: 'postgres', url: value };
}

/**
 * The writer thread takes the database work off the event loop but costs more CPU in all (a second
 * heap, the copy to it): worth it only with a core of its own. An in-memory SQLite database exists
 * only on its own connection, which the thread could not see.
 */
function analyticsWriter(
  chosen: 'auto' | 'thread' | 'inline',
  database: DatabaseTarget,
): 'thread' | 'inline' {
  if (database.dialect === 'sqlite' && database.file === ':memory:') return 'inline';
  if (chosen !== 'auto') return chosen;
  return os.availableParallelism() > 1 ? 'thread' : 'inline';
}

/** None for PostgreSQL (the variable is required) or an in-memory database (nothing outlives it). */
const totpKeyFile = (database: DatabaseTarget): string | undefined =>
  database.dialect === 'sqlite' && database.file !== ':memory:'
    ? path.join(path.dirname(database.file), TOTP_KEY_FILE_NAME)
    : undefined;

type Environment = Record<string, string | undefined>;

export function loadConfig(environment: Environment = process.env): Config {
  // Empty strings (e.g. `PUBLIC_URL=` in a copied .env) mean "not set".
  const cleaned = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const env = result.data;
  const database = parseDatabaseUrl(env.DATABASE_URL);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    database,
    uploadDir: path.resolve(env.UPLOAD_DIR),
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
        : undefined,
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    maxImageBytes: env.MAX_IMAGE_BYTES,
    maxVideoBytes: env.MAX_VIDEO_BYTES,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailPorts: [...new Set([...MAIL_PORTS, ...env.MAIL_EXTRA_PORTS])].sort((a, b) => a - b),
    outboxDir: path.resolve(env.OUTBOX_DIR),
    totpEncryptionKey: env.TOTP_ENCRYPTION_KEY,
    totpKeyFile: totpKeyFile(database),
    authLimits: authLimits(env),
    captcha: captchaConfig(env),
    notifyEmail: env.NOTIFY_EMAIL,
    bookings: {
      holdDays: env.HOLD_DAYS,
      holdLeadDays: env.HOLD_LEAD_DAYS,
      retentionYears: env.BOOKING_RETENTION_YEARS,
      reminderDays: env.BOOKING_REMINDER_DAYS,
    },
    enquiryRateLimit: {
      max: env.ENQUIRY_RATE_LIMIT_MAX,
      windowMs: env.ENQUIRY_RATE_LIMIT_WINDOW_MINUTES * MINUTE_MS,
    },
    analytics: {
      retentionDays: env.ANALYTICS_RETENTION_DAYS,
      queueLimit: env.ANALYTICS_QUEUE_LIMIT,
      writer: analyticsWriter(env.ANALYTICS_WRITER, database),
    },
    trackRateLimit: {
      perAddress: env.TRACK_ADDRESS_RATE_LIMIT_PER_MINUTE,
      perSession: env.TRACK_SESSION_RATE_LIMIT_PER_MINUTE,
    },
    http: {
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      maxConnections: env.HTTP_MAX_CONNECTIONS,
    },
    metrics: env.METRICS_PORT === undefined ? undefined : { port: env.METRICS_PORT, host: env.METRICS_HOST },
  };
}

function authLimits(env: Env): AuthLimits {
  return {
    pair: limit(env.AUTH_PAIR_MAX_FAILURES, env.AUTH_PAIR_WINDOW_MINUTES, env.AUTH_PAIR_LOCK_MINUTES),
    address: limit(
      env.AUTH_ADDRESS_MAX_FAILURES,
      env.AUTH_ADDRESS_WINDOW_MINUTES,
      env.AUTH_ADDRESS_LOCK_MINUTES,
    ),
    account: limit(
      env.AUTH_ACCOUNT_MAX_FAILURES,
      env.AUTH_ACCOUNT_WINDOW_MINUTES,
      env.AUTH_ACCOUNT_LOCK_MINUTES,
    ),
  };
}

function captchaConfig(env: Env): CaptchaConfig {
  return {
    provider: env.CAPTCHA_PROVIDER,
    altchaHmacKey: env.ALTCHA_HMAC_KEY,
    altchaMaxNumber: env.ALTCHA_MAX_NUMBER,
    recaptcha: {
      secretKey: env.RECAPTCHA_SECRET_KEY ?? '',
      siteKey: env.RECAPTCHA_SITE_KEY,
      verifyUrl: env.RECAPTCHA_VERIFY_URL,
      action: env.RECAPTCHA_ACTION,
      minScore: env.RECAPTCHA_MIN_SCORE,
      // Google reports the page's host name; by default it must be the one the site is served on.
      hostname: env.RECAPTCHA_HOSTNAME ?? new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).hostname,
    },
  };
}
