// The only file that reads the environment. Every variable is parsed once, here, with zod; a bad value
// stops the process with a message naming the variable and what it accepts.
import path from 'node:path';
import { z } from 'zod';
import { UPLOAD_LIMITS } from '#shared/constants.ts';

const MEGABYTE = 1024 * 1024;

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'accepts true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes'].includes(value)));

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
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'accepts development, production or test' }).default('development'),
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
  })
  .refine((env) => (env.ADMIN_EMAIL === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together (or neither)',
    path: ['ADMIN_PASSWORD'],
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
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    database: parseDatabaseUrl(env.DATABASE_URL),
    uploadDir: path.resolve(env.UPLOAD_DIR),
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    maxImageBytes: env.MAX_IMAGE_BYTES,
    maxVideoBytes: env.MAX_VIDEO_BYTES,
  };
}
