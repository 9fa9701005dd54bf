// The enquiry form's bot check, chosen by CAPTCHA_PROVIDER (docs/product.md#enquiry-intake;
// docs/decisions/0201). The wire field stays `recaptchaToken` whatever the provider.
import { createHmac, randomBytes } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { ERROR_CODES } from '#shared/errors.ts';
import type { CaptchaSetup } from '#shared/page-data.ts';
import { HONEYPOT_FIELD } from '#shared/constants.ts';
import type { CaptchaConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { bindDeps } from '../../lib/bind-deps.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/http-error.ts';

export const CAPTCHA_FAILED = 'CAPTCHA_FAILED';
/** The form shows this detail (docs/product.md#enquiry-intake). */
export const CAPTCHA_FAILED_DETAIL = 'Verification failed. Please try again in a moment.';

/** PBKDF2 keeps each attempt costly in a browser's WebCrypto while the server checks one HMAC. */
const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
const ALTCHA_COST = 1000;
/** Long enough to write a long message after the challenge is fetched on first focus. */
export const ALTCHA_CHALLENGE_TTL_MS = 30 * 60 * 1000;
const ALTCHA_KEY_META = 'altcha_hmac_key';
const RECAPTCHA_TIMEOUT_MS = 5000;

export interface CaptchaPass {
  /** When the ALTCHA challenge was issued (the form was first focused); null for other providers. */
  issuedAt: number | null;
  /** What to record so the same solution can't be used twice; null when the provider handles it. */
  replay: { signature: string; expiresAt: number } | null;
}

const failed = (detail = CAPTCHA_FAILED_DETAIL) => new HttpError(400, CAPTCHA_FAILED, detail);

const altchaPayload = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

const siteverifyResponse = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/** The widget sends base64-encoded JSON; plain JSON is accepted too (handy for scripts and tests). */
function decodeAltcha(token: string): z.infer<typeof altchaPayload> | null {
  const trimmed = token.trim();
  try {
    const text = trimmed.startsWith('{') ? trimmed : Buffer.from(trimmed, 'base64').toString('utf8');
    const parsed = altchaPayload.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

interface CaptchaDeps {
  config: CaptchaConfig;
  db: Db;
  clock: Clock;
  /** The ALTCHA keys once read or made; cleared after a failure so the next request tries again. */
  altchaKeys: { pending?: Promise<{ signing: string; keySigning: string }> };
}

/** The configured key, or one generated once and shared by every instance through app_meta. */
function altchaKeys({ config, db, altchaKeys: memo }: CaptchaDeps) {
  memo.pending ??= (async () => {
    let signing = config.altchaHmacKey;
    if (!signing) {
      await db
        .insertInto('app_meta')
        .values({ key: ALTCHA_KEY_META, value: randomBytes(32).toString('base64url') })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('app_meta')
        .select('value')
        .where('key', '=', ALTCHA_KEY_META)
        .executeTakeFirstOrThrow();
      signing = row.value;
    }
    // A second secret for the derived-key signature, so verifying costs one HMAC, not a PBKDF2 run.
    const keySigning = createHmac('sha256', signing).update('altcha-key-signature').digest('hex');
    return { signing, keySigning };
  })().catch((error: unknown) => {
    memo.pending = undefined;
    throw error;
  });
  return memo.pending;
}

async function verifyAltcha(deps: CaptchaDeps, token: string): Promise<CaptchaPass> {
  const payload = decodeAltcha(token);
  if (!payload) throw failed();
  const { signing, keySigning } = await altchaKeys(deps);
  const challenge: Challenge = payload.challenge;
  const result = await verifySolution({
    challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: signing,
    hmacKeySignatureSecret: keySigning,
  });
  const expiresAt = (payload.challenge.parameters.expiresAt ?? 0) * 1000;
  // Checked against the app's clock as well as the library's, so expiry follows one notion of time.
  if (result.expired || expiresAt <= deps.clock.now())
    throw failed('Verification expired. Please try again.');
  if (!result.verified) throw failed();
  const issuedAt = payload.challenge.parameters.data?.issued_at;
  return {
    issuedAt: typeof issuedAt === 'number' ? issuedAt : null,
    replay: { signature: payload.challenge.signature, expiresAt },
  };
}

async function verifyRecaptcha({ recaptcha }: CaptchaConfig, token: string): Promise<CaptchaPass> {
  let body: unknown;
  try {
    const response = await fetch(recaptcha.verifyUrl, {
      method: 'POST',
      body: new URLSearchParams({ secret: recaptcha.secretKey, response: token }),
      signal: AbortSignal.timeout(RECAPTCHA_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    body = await response.json();
  } catch {
    throw new HttpError(
      503,
      ERROR_CODES.unavailable,
      'We could not check the verification just now. Please try again in a moment.',
    );
  }
  const result = siteverifyResponse.safeParse(body);
  if (!result.success || !result.data.success) throw failed();
  const { score, action, hostname } = result.data;
  // v3 tokens carry the action they were made for, the bot score and the page's host: a token made
  // elsewhere, for another form, or by a likely bot is refused.
  if (
    action !== recaptcha.action ||
    score === undefined ||
    score < recaptcha.minScore ||
    hostname !== recaptcha.hostname
  ) {
    throw failed();
  }
  return { issuedAt: null, replay: null };
}

/** What the enquiry form needs to show this provider (GET /api/captcha/config, and every rendered page). */
function captchaSetup({ config }: CaptchaDeps): CaptchaSetup {
  const recaptcha = config.provider === 'recaptcha';
  return {
    provider: config.provider,
    challenge_url: config.provider === 'altcha' ? '/api/captcha/challenge' : null,
    site_key: recaptcha ? (config.recaptcha.siteKey ?? null) : null,
    action: recaptcha ? config.recaptcha.action : null,
    honeypot_field: HONEYPOT_FIELD,
  };
}

/** Throws a 400 (or 503 when Google can't be reached) unless the token proves a person sent the form. */
async function verifyCaptcha(deps: CaptchaDeps, token: string | null | undefined): Promise<CaptchaPass> {
  const { config } = deps;
  if (config.provider === 'off') return { issuedAt: null, replay: null };
  if (!token) throw failed();
  return config.provider === 'altcha' ? verifyAltcha(deps, token) : verifyRecaptcha(config, token);
}

/** A signed ALTCHA challenge; its issue time (signed in `data`) starts the form's fill-time clock. */
async function altchaChallenge(deps: CaptchaDeps): Promise<Challenge> {
  const { signing, keySigning } = await altchaKeys(deps);
  const now = deps.clock.now();
  const max = deps.config.altchaMaxNumber;
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: ALTCHA_COST,
    counter: randomInt(max, Math.max(1, Math.floor(max / 10))),
    deriveKey,
    hmacSignatureSecret: signing,
    hmacKeySignatureSecret: keySigning,
    expiresAt: Math.ceil((now + ALTCHA_CHALLENGE_TTL_MS) / 1000),
    data: { issued_at: now },
  });
}

export function createCaptcha(config: CaptchaConfig, db: Db, clock: Clock) {
  const bind = bindDeps<CaptchaDeps>({ config, db, clock, altchaKeys: {} });
  return {
    provider: config.provider,
    setup: bind(captchaSetup),
    verify: bind(verifyCaptcha),
    challenge: bind(altchaChallenge),
  };
}

export type Captcha = ReturnType<typeof createCaptcha>;
