// What each environment variable accepts, its default, and the rules between variables. config.ts
// parses the environment with this schema once and builds the Config from the result.
import { z } from 'zod';
import {
  ANALYTICS_DEFAULTS,
  AUTH_LIMIT_DEFAULTS,
  BOOKING_DEFAULTS,
  BOOKING_LIMITS,
  BUSINESS_NAME,
  ENQUIRY_DEFAULTS,
  UPLOAD_LIMITS,
} from '#shared/constants.ts';
import { parseProxyTrust, type ProxyTrust } from './lib/client-address.ts';

const MEGABYTE = 1024 * 1024;
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

/** "7,1": whole days before a booking starts, largest first; "none": no reminders. */
const dayList = (fallback: readonly number[]) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return [...fallback];
      if (value.trim().toLowerCase() === 'none') return [];
      const days = value.split(',').map((part) => Number(part.trim()));
      if (days.some((day) => !Number.isInteger(day) || day < 1 || day > 60)) {
        ctx.addIssue({
          code: 'custom',
          message: 'accepts days from 1 to 60 separated by commas (7,1), or none',
        });
        return z.NEVER;
      }
      return [...new Set(days)].sort((a, b) => b - a);
    });

/** "1025,8025": TCP ports besides the mail ports a mail server saved in Settings may use. */
const portList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value.trim() === '') return [];
    const ports = value.split(',').map((part) => Number(part.trim()));
    if (ports.some((port) => !Number.isInteger(port) || port < 1 || port > 65535)) {
      ctx.addIssue({
        code: 'custom',
        message: 'accepts ports from 1 to 65535 separated by commas (1025,8025)',
      });
      return z.NEVER;
    }
    return ports;
  });

export const envSchema = z
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
      .transform((value, ctx): ProxyTrust => {
        const trust = parseProxyTrust(value);
        if (typeof trust === 'string') {
          ctx.addIssue({ code: 'custom', message: trust });
          return z.NEVER;
        }
        return trust;
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
    MAIL_EXTRA_PORTS: portList,
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
    HOLD_DAYS: positiveInt(BOOKING_DEFAULTS.holdDays, 'days'),
    // 0: a hold lasts at most until its first day begins (docs/decisions/0467).
    HOLD_LEAD_DAYS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value.trim() === '') return BOOKING_DEFAULTS.holdLeadDays;
        const days = Number(value);
        if (!Number.isInteger(days) || days < 0 || days > BOOKING_LIMITS.maxHoldLeadDays) {
          ctx.addIssue({
            code: 'custom',
            message: `accepts whole days from 0 to ${BOOKING_LIMITS.maxHoldLeadDays} (days before a booking's first day by which its hold lapses)`,
          });
          return z.NEVER;
        }
        return days;
      }),
    BOOKING_RETENTION_YEARS: positiveInt(BOOKING_DEFAULTS.retentionYears, 'years'),
    BOOKING_REMINDER_DAYS: dayList(BOOKING_DEFAULTS.reminderDays),
    ANALYTICS_RETENTION_DAYS: positiveInt(ANALYTICS_DEFAULTS.retentionDays, 'days'),
    ANALYTICS_QUEUE_LIMIT: positiveInt(ANALYTICS_DEFAULTS.queueLimit, 'events'),
    // Where accepted events are written: a worker thread with its own connection, or the event loop;
    // auto: the thread when the machine has a second core for it (docs/decisions/0427).
    ANALYTICS_WRITER: z
      .enum(['auto', 'thread', 'inline'], { error: 'accepts auto, thread or inline' })
      .default('auto'),
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

export type Env = z.infer<typeof envSchema>;
