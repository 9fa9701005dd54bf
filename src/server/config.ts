// The only file that reads the environment. Every variable is parsed once, here, with zod; a bad value
// stops the process with a message naming the variable and what it accepts.
import path from 'node:path';
import { z } from 'zod';
import { AUTH_LIMIT_DEFAULTS, BUSINESS_NAME, UPLOAD_LIMITS } from '#shared/constants.ts';
import { ANALYTICS_DEFAULTS } from '#shared/schemas/analytics.ts';
import { ENQUIRY_DEFAULTS } from '#shared/schemas/enquiries.ts';

const MEGABYTE = 1024 * 1024;
export const TOTP_KEY_FILE_NAME = 'totp-encryption.key';
const DEFAULT_MAIL_FROM = `"${BUSINESS_NAME}" <no-reply@localhost>`;

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'accepts true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes'].includes(value)));

/**
 * - keep-alive: longer than any proxy in front keeps an idle upstream connection (nginx's default
 *   `keepalive_timeout` is 60 s, a cloud load balancer's often 60 s), so the proxy always closes first
 *   and never sends a request on a connection this server is closing — the classic intermittent 502;
 * - headers: a client has this long to send its request headers (slow-header attacks);
 * - request: the whole request, body included — long enough for a 500 MB video over a slow uplink.
 */
export const HTTP_DEFAULTS = {
  keepAliveTimeoutMs: 72_000,
  headersTimeoutMs: 30_000,
  requestTimeoutMs: 15 * 60_000,
  /**
   * Open connections one instance accepts; past it new ones are closed at once, before the process
   * runs out of file descriptors (the systemd unit in docs/deploy allows 65,536).
   */
  maxConnections: 10_000,
} as const;

const positiveInt = (fallback: number, what: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed <= 0) {
        ctx.addIssue({ code: 'custom', message: `accepts a positive whole number (${what})` });
        return z.NEVER;
      }
      return parsed;
    });

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'accepts development, production or test' })
      .default('development'),
    PORT: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === '') return 3000;
        const port = Number(value);
        if (!Number.isInteger(port) || port < 0 || port > 65535) {
          ctx.addIssue({ code: 'custom', message: 'accepts a port number from 0 to 65535' });
          return z.NEVER;
        }
        return port;
      }),
    HOST: z.string().min(1, 'accepts a host name or address').default('0.0.0.0'),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'accepts an http(s) URL such as https://www.example.co.uk' })
      .optional(),
    DATABASE_URL: z
      .string()
      .optional()
      .refine(
        (value) => value === undefined || value === '' || /^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(value),
        'accepts sqlite:<path> or postgres://user:password@host:port/database',
      ),
    UPLOAD_DIR: z.string().min(1, 'accepts a directory path').default('./data/uploads'),
    ADMIN_EMAIL: z.email({ error: 'accepts an e-mail address' }).optional(),
    ADMIN_PASSWORD: z
      .string()
      .min(8, 'accepts a password of at least 8 characters')
      .max(256, 'accepts a password of at most 256 characters')
      .optional(),
    SEED_DEMO: booleanFlag(true),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'accepts fatal, error, warn, info, debug, trace or silent',
      })
      .default('info'),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx): boolean | number => {
        if (value === undefined || value === '' || value === 'false' || value === '0') return false;
        if (value === 'true') return true;
        const hops = Number(value);
        if (!Number.isInteger(hops) || hops < 0) {
          ctx.addIssue({ code: 'custom', message: 'accepts true, false or the number of proxy hops' });
          return z.NEVER;
        }
        return hops;
      }),
    MAX_IMAGE_BYTES: positiveInt(UPLOAD_LIMITS.defaultImageMegabytes * MEGABYTE, 'bytes'),
    MAX_VIDEO_BYTES: positiveInt(UPLOAD_LIMITS.defaultVideoMegabytes * MEGABYTE, 'bytes'),
    // Mail (account security): SMTP_URL unset writes each message to OUTBOX_DIR instead.
    SMTP_URL: z
      .string()
      .optional()
      .refine(
        (value) => value === undefined || /^smtps?:\/\/.+/.test(value),
        'accepts smtp://user:password@host:port or smtps://…',
      ),
    MAIL_FROM: z
      .string()
      .min(3, 'accepts a sender such as "Business" <no-reply@example.com>')
      .default(DEFAULT_MAIL_FROM),
    OUTBOX_DIR: z.string().min(1, 'accepts a directory path').default('./data/outbox'),
    TOTP_ENCRYPTION_KEY: z
      .string()
      .min(32, 'accepts a random secret of at least 32 characters (e.g. openssl rand -base64 32)')
      .optional(),
    AUTH_PAIR_MAX_FAILURES: positiveInt(AUTH_LIMIT_DEFAULTS.pair.maxFailures, 'failures'),
    AUTH_PAIR_WINDOW_MINUTES: positiveInt(AUTH_LIMIT_DEFAULTS.pair.windowMinutes, 'minutes'),
    AUTH_PAIR_LOCK_MINUTES: positiveInt(AUTH_LIMIT_DEFAULTS.pair.lockMinutes, 'minutes'),
    AUTH_ADDRESS_MAX_FAILURES: positiveInt(AUTH_LIMIT_DEFAULTS.address.maxFailures, 'failures'),
    AUTH_ADDRESS_WINDOW_MINUTES: positiveInt(AUTH_LIMIT_DEFAULTS.address.windowMinutes, 'minutes'),
    AUTH_ADDRESS_LOCK_MINUTES: positiveInt(AUTH_LIMIT_DEFAULTS.address.lockMinutes, 'minutes'),
    AUTH_ACCOUNT_MAX_FAILURES: positiveInt(AUTH_LIMIT_DEFAULTS.account.maxFailures, 'failures'),
    AUTH_ACCOUNT_WINDOW_MINUTES: positiveInt(AUTH_LIMIT_DEFAULTS.account.windowMinutes, 'minutes'),
    AUTH_ACCOUNT_LOCK_MINUTES: positiveInt(AUTH_LIMIT_DEFAULTS.account.lockMinutes, 'minutes'),
    // Enquiries and analytics (docs/readme-parts/enquiries-analytics.md).
    CAPTCHA_PROVIDER: z
      .enum(['altcha', 'recaptcha', 'off'], { error: 'accepts altcha, recaptcha or off' })
      .default('altcha'),
    ALTCHA_HMAC_KEY: z
      .string()
      .min(32, 'accepts a random secret of at least 32 characters (e.g. openssl rand -base64 32)')
      .optional(),
    ALTCHA_MAX_NUMBER: positiveInt(ENQUIRY_DEFAULTS.altchaMaxNumber, 'proof-of-work difficulty'),
    RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
    RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
    RECAPTCHA_VERIFY_URL: z
      .url({ protocol: /^https?$/, error: 'accepts an http(s) URL' })
      .default('https://www.google.com/recaptcha/api/siteverify'),
    RECAPTCHA_ACTION: z.string().min(1).default(ENQUIRY_DEFAULTS.recaptchaAction),
    RECAPTCHA_MIN_SCORE: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return ENQUIRY_DEFAULTS.recaptchaMinScore;
        const score = Number(value);
        if (!Number.isFinite(score) || score < 0 || score > 1) {
          ctx.addIssue({ code: 'custom', message: 'accepts a score from 0.0 to 1.0' });
          return z.NEVER;
        }
        return score;
      }),
    RECAPTCHA_HOSTNAME: z.string().min(1).optional(),
    NOTIFY_EMAIL: z.email({ error: 'accepts an e-mail address' }).optional(),
    ENQUIRY_RATE_LIMIT_MAX: positiveInt(ENQUIRY_DEFAULTS.rateLimitMax, 'enquiries per window'),
    ENQUIRY_RATE_LIMIT_WINDOW_MINUTES: positiveInt(ENQUIRY_DEFAULTS.rateLimitWindowMinutes, 'minutes'),
    ANALYTICS_RETENTION_DAYS: positiveInt(ANALYTICS_DEFAULTS.retentionDays, 'days'),
    ANALYTICS_QUEUE_LIMIT: positiveInt(ANALYTICS_DEFAULTS.queueLimit, 'events'),
    TRACK_ADDRESS_RATE_LIMIT_PER_MINUTE: positiveInt(ANALYTICS_DEFAULTS.trackPerAddressPerMinute, 'events'),
    TRACK_SESSION_RATE_LIMIT_PER_MINUTE: positiveInt(ANALYTICS_DEFAULTS.trackPerSessionPerMinute, 'events'),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: positiveInt(HTTP_DEFAULTS.keepAliveTimeoutMs, 'milliseconds'),
    HTTP_HEADERS_TIMEOUT_MS: positiveInt(HTTP_DEFAULTS.headersTimeoutMs, 'milliseconds'),
    HTTP_REQUEST_TIMEOUT_MS: positiveInt(HTTP_DEFAULTS.requestTimeoutMs, 'milliseconds'),
    HTTP_MAX_CONNECTIONS: positiveInt(HTTP_DEFAULTS.maxConnections, 'connections'),
    // Prometheus metrics on their own port (issue 20); unset: no metrics listener.
    METRICS_PORT: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value.trim() === '') return undefined;
        const port = Number(value);
        if (!Number.isInteger(port) || port < 1 || port > 65535) {
          ctx.addIssue({ code: 'custom', message: 'accepts a port number from 1 to 65535' });
          return z.NEVER;
        }
        return port;
      }),
    METRICS_HOST: z.string().min(1, 'accepts a host name or address').default('127.0.0.1'),
  })
  .refine((env) => (env.ADMIN_EMAIL === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together (or neither)',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((env) => env.CAPTCHA_PROVIDER !== 'recaptcha' || env.RECAPTCHA_SECRET_KEY !== undefined, {
    message: 'RECAPTCHA_SECRET_KEY is required when CAPTCHA_PROVIDER=recaptcha',
    path: ['RECAPTCHA_SECRET_KEY'],
  })
  // Several instances share one PostgreSQL database, so none may invent a key of its own.
  .refine((env) => !env.DATABASE_URL?.startsWith('postgres') || env.TOTP_ENCRYPTION_KEY !== undefined, {
    message:
      'is required with PostgreSQL: every instance must use the same key (create one with openssl rand -base64 32)',
    path: ['TOTP_ENCRYPTION_KEY'],
  });

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
  trustProxy: boolean | number;
  maxImageBytes: number;
  maxVideoBytes: number;
  smtpUrl: string | undefined;
  mailFrom: string;
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
  analytics: { retentionDays: number; queueLimit: number };
  /** Tracking events per minute from one client address and from one session id, per instance. */
  trackRateLimit: { perAddress: number; perSession: number };
  http: HttpTimeouts;
  /** Where Prometheus scrapes /metrics; undefined: not served. */
  metrics: { port: number; host: string } | undefined;
}

/** Set on the HTTP server itself (issue 20): see HTTP_DEFAULTS. */
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
    outboxDir: path.resolve(env.OUTBOX_DIR),
    totpEncryptionKey: env.TOTP_ENCRYPTION_KEY,
    totpKeyFile: totpKeyFile(database),
    authLimits: {
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
    },
    captcha: {
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
        hostname:
          env.RECAPTCHA_HOSTNAME ?? new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).hostname,
      },
    },
    notifyEmail: env.NOTIFY_EMAIL,
    enquiryRateLimit: {
      max: env.ENQUIRY_RATE_LIMIT_MAX,
      windowMs: env.ENQUIRY_RATE_LIMIT_WINDOW_MINUTES * MINUTE_MS,
    },
    analytics: { retentionDays: env.ANALYTICS_RETENTION_DAYS, queueLimit: env.ANALYTICS_QUEUE_LIMIT },
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
