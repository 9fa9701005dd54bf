// Issue 15 "Limits hold under concurrency": many attempts sent at once must not all reach the
// password or code check before the first failure is counted. Each check here is held shut while the
// requests arrive, so every request is in flight at the same time on either database: only the
// attempts whose claim fits under the limit may reach the check, and once the limit is reached even
// the right secret, sent while the others are still being checked, is refused.
import fs from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { RECOVERY_CODE_COUNT } from '#shared/constants.ts';
import { confirmPasswordReset, requestPasswordReset, turnOnTwoFactor } from '../../testing/admin-requests.ts';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';
import { decodeQuotedPrintable } from '../../testing/smtp-test-server.ts';

const MINUTE = 60_000;
const ATTACKER = '203.0.113.7';
const OWNER_HOME = '198.51.100.20';
const AT_ONCE = 40;
// The defaults (config AUTH_*): 5 per account and address, 20 per address.
const PAIR_MAX = 5;
const ADDRESS_MAX = 20;
const WAIT_MS = 15_000;
/** AUTH_ACCOUNT_MAX_FAILURES for the account-limit suite (100 by default: too many argon2 checks for a test). */
const ACCOUNT_MAX = 8;

type Check = 'password' | 'code' | 'resetToken';

/** How many checks of each kind ran, and the gates that hold them (open unless a test shuts one). */
const probe = vi.hoisted(() => ({
  checks: { password: 0, code: 0, resetToken: 0 },
  gates: {} as Partial<Record<'password' | 'code' | 'resetToken', Promise<void>>>,
}));

vi.mock('../accounts/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../accounts/passwords.ts')>();
  return {
    ...real,
    async verifyPassword(hash: string, password: string) {
      probe.checks.password += 1;
      await probe.gates.password;
      return real.verifyPassword(hash, password);
    },
    async verifyAgainstNothing(password: string) {
      probe.checks.password += 1;
      await probe.gates.password;
      return real.verifyAgainstNothing(password);
    },
  };
});

vi.mock('../password-reset/repository.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../password-reset/repository.ts')>();
  return {
    ...real,
    async findResetToken(...args: Parameters<typeof real.findResetToken>) {
      probe.checks.resetToken += 1;
      await probe.gates.resetToken;
      return real.findResetToken(...args);
    },
  };
});

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

interface HeldRace {
  /** Checks reached while the gate was shut. */
  reached: number;
  /** Answers given while the gate was shut (none of them can have been through the check). */
  answeredWhileHeld: number;
  /** Opens the gate and waits for every answer, in the order the requests were sent. */
  release(): Promise<LightMyRequestResponse[]>;
}

/**
 * Sends `count` requests at once with the check shut, and resolves once each of them has either
 * reached the check (where it waits) or been answered without it.
 */
async function sendAtOnceWithCheckHeld(
  check: Check,
  count: number,
  send: (i: number) => Promise<LightMyRequestResponse>,
): Promise<HeldRace> {
  let open: () => void = () => undefined;
  probe.gates[check] = new Promise<void>((resolve) => (open = resolve));
  const reached = () => probe.checks[check];
  const before = reached();
  let answered = 0;
  const pending = Array.from({ length: count }, (_, i) =>
    send(i).then((response) => {
      answered += 1;
      return response;
    }),
  );
  const release = () => {
    delete probe.gates[check];
    open();
    return Promise.all(pending);
  };
  try {
    await until(
      () => reached() - before + answered >= count,
      'every request to reach the check or be answered',
    );
  } catch (error) {
    await release();
    throw error;
  }
  return { reached: reached() - before, answeredWhileHeld: answered, release };
}

const statusesOf = (answers: LightMyRequestResponse[]) => answers.map((a) => a.statusCode);
const countOf = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

function expectRefusedAsLocked(answer: LightMyRequestResponse) {
  expect(answer.statusCode, answer.body).toBe(429);
  expect(answer.json()).toMatchObject({ code: 'RATE_LIMITED' });
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
}

async function enrol(c: TestContext, token: string) {
  const enrolled = await turnOnTwoFactor(c, token);
  // The enrolment code's time step is spent; the next code belongs to the next step.
  c.clock.advance(30_000);
  return enrolled;
}

describeEachDatabase('brute-force limits under concurrency', (ctx) => {
  beforeEach(() => {
    fs.rmSync(ctx().config.outboxDir, { recursive: true, force: true });
    probe.checks = { password: 0, code: 0, resetToken: 0 };
    // Codes are checked by the two-factor service the accounts service was given: wrap the same object.
    const twoFactor = ctx().services.twoFactor;
    const verify = twoFactor.verify.bind(twoFactor);
    vi.spyOn(twoFactor, 'verify').mockImplementation(async (adminId, code) => {
      probe.checks.code += 1;
      await probe.gates.code;
      return verify(adminId, code);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    probe.gates = {};
  });

  const login = (payload: object, ip = ATTACKER) =>
    ctx().request({ method: 'POST', url: '/api/admin/login', remoteAddress: ip, payload });

  it(`${AT_ONCE} wrong passwords at once: ${PAIR_MAX} reach the check, the rest and the right password get 429`, async () => {
    const owner = await ctx().loginAs();
    const checksBefore = probe.checks.password;
    const race = await sendAtOnceWithCheckHeld('password', AT_ONCE, (i) =>
      login({ email: owner.email, password: `wrong guess ${i}` }),
    );
    expect(race.reached).toBe(PAIR_MAX);
    expect(race.answeredWhileHeld).toBe(AT_ONCE - PAIR_MAX);

    // The limit is reached while five guesses are still being checked: the right password is refused
    // without being checked.
    expectRefusedAsLocked(await login({ email: owner.email, password: owner.password }));
    expect(probe.checks.password - checksBefore).toBe(PAIR_MAX);

    const statuses = statusesOf(await race.release());
    expect(countOf(statuses, 401)).toBe(PAIR_MAX);
    expect(countOf(statuses, 429)).toBe(AT_ONCE - PAIR_MAX);
    // Elsewhere the owner still gets in (the pair lock is not the account's).
    expect((await login({ email: owner.email, password: owner.password }, OWNER_HOME)).statusCode).toBe(200);
  });

  it(`wrong passwords at once for ${AT_ONCE} accounts from one address: ${ADDRESS_MAX} reach the check, one block is recorded`, async () => {
    const race = await sendAtOnceWithCheckHeld('password', AT_ONCE, (i) =>
      login({ email: `victim${i}@example.com`, password: 'Summer2026!' }),
    );
    expect(race.reached).toBe(ADDRESS_MAX);
    const statuses = statusesOf(await race.release());
    expect(countOf(statuses, 401)).toBe(ADDRESS_MAX);
    expect(countOf(statuses, 429)).toBe(AT_ONCE - ADDRESS_MAX);
    const locks = await ctx()
      .db.selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'lockout')
      .execute();
    // One lock, recorded once, however many requests ran into it.
    expect(locks.filter((l) => l.detail?.includes('"scope":"address"'))).toHaveLength(1);
  });

  it(`${AT_ONCE} wrong 2FA codes at once after the right password: ${PAIR_MAX} codes are checked, then even the right code gets 429`, async () => {
    const owner = await ctx().loginAs();
    const { code } = await enrol(ctx(), owner.token);
    const wrong = code() === '000000' ? '111111' : '000000';
    const passwordChecksBefore = probe.checks.password;
    const race = await sendAtOnceWithCheckHeld('code', AT_ONCE, () =>
      login({ email: owner.email, password: owner.password, totp_code: wrong }),
    );
    expect(race.reached).toBe(PAIR_MAX);
    // The refused ones never got as far as the password either.
    expect(probe.checks.password - passwordChecksBefore).toBe(PAIR_MAX);

    expectRefusedAsLocked(await login({ email: owner.email, password: owner.password, totp_code: code() }));
    expect(probe.checks.code).toBe(PAIR_MAX);

    const answers = await race.release();
    expect(countOf(statusesOf(answers), 401)).toBe(PAIR_MAX);
    expect(countOf(statusesOf(answers), 429)).toBe(AT_ONCE - PAIR_MAX);
    for (const answer of answers.filter((a) => a.statusCode === 401))
      expect(answer.json<{ detail: string }>().detail).toBe('Invalid 2FA code');
  });

  it(`${AT_ONCE} wrong recovery codes at once: ${PAIR_MAX} are checked, and the right one sent meanwhile is refused and not spent`, async () => {
    const owner = await ctx().loginAs();
    const { recoveryCodes } = await enrol(ctx(), owner.token);
    const race = await sendAtOnceWithCheckHeld('code', AT_ONCE, (i) =>
      login({
        email: owner.email,
        password: owner.password,
        totp_code: `zzzz-zzzz-zzzz-${String(i).padStart(4, '0')}`,
      }),
    );
    expect(race.reached).toBe(PAIR_MAX);
    expectRefusedAsLocked(
      await login({ email: owner.email, password: owner.password, totp_code: recoveryCodes[0] }),
    );
    const statuses = statusesOf(await race.release());
    expect(countOf(statuses, 401)).toBe(PAIR_MAX);
    expect(countOf(statuses, 429)).toBe(AT_ONCE - PAIR_MAX);
    const me = await ctx().request({ method: 'GET', url: '/api/admin/me', token: owner.token });
    expect(me.json()).toMatchObject({ recovery_codes_remaining: RECOVERY_CODE_COUNT });
  });

  it(`${AT_ONCE} wrong codes at once in Settings: ${PAIR_MAX} are checked`, async () => {
    const owner = await ctx().loginAs();
    const { code } = await enrol(ctx(), owner.token);
    const wrong = code() === '000000' ? '111111' : '000000';
    const race = await sendAtOnceWithCheckHeld('code', AT_ONCE, () =>
      ctx().request({
        method: 'POST',
        url: '/api/admin/2fa/recovery-codes',
        remoteAddress: ATTACKER,
        token: owner.token,
        payload: { code: wrong },
      }),
    );
    expect(race.reached).toBe(PAIR_MAX);
    const statuses = statusesOf(await race.release());
    expect(countOf(statuses, 400)).toBe(PAIR_MAX);
    expect(countOf(statuses, 429)).toBe(AT_ONCE - PAIR_MAX);
  });

  it(`${AT_ONCE} wrong current passwords at once in Settings: ${PAIR_MAX} are checked, the right one meanwhile gets 429`, async () => {
    const owner = await ctx().loginAs();
    const change = (current: string) =>
      ctx().request({
        method: 'POST',
        url: '/api/admin/change-password',
        remoteAddress: ATTACKER,
        token: owner.token,
        payload: { current_password: current, new_password: 'an entirely new passphrase' },
      });
    const race = await sendAtOnceWithCheckHeld('password', AT_ONCE, (i) => change(`guess ${i}`));
    expect(race.reached).toBe(PAIR_MAX);
    expectRefusedAsLocked(await change(owner.password));
    const statuses = statusesOf(await race.release());
    expect(countOf(statuses, 400)).toBe(PAIR_MAX);
    expect(countOf(statuses, 429)).toBe(AT_ONCE - PAIR_MAX);
    // The refused request changed nothing: the old password still signs in.
    expect((await login({ email: owner.email, password: owner.password }, OWNER_HOME)).statusCode).toBe(200);
  });

  it(`${AT_ONCE} reset requests at once: ${PAIR_MAX} answered 200 and ${PAIR_MAX} e-mails sent`, async () => {
    const owner = await ctx().loginAs({ email: 'owner@example.com' });
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        requestPasswordReset(ctx(), owner.email, { remoteAddress: ATTACKER }),
      ),
    );
    const statuses = statusesOf(answers);
    expect(countOf(statuses, 200)).toBe(PAIR_MAX);
    expect(countOf(statuses, 429)).toBe(AT_ONCE - PAIR_MAX);
    await ctx().services.passwordReset.settled();
    expect(fs.readdirSync(ctx().config.outboxDir)).toHaveLength(PAIR_MAX);
  });

  it(`${AT_ONCE} bad reset tokens at once: ${PAIR_MAX} are looked up, and a valid token sent meanwhile is refused but kept`, async () => {
    const owner = await ctx().loginAs();
    const requested = await requestPasswordReset(ctx(), owner.email, { remoteAddress: OWNER_HOME });
    expect(requested.statusCode).toBe(200);
    await ctx().services.passwordReset.settled();
    const [file] = fs.readdirSync(ctx().config.outboxDir);
    const mail = decodeQuotedPrintable(fs.readFileSync(`${ctx().config.outboxDir}/${file}`, 'utf8'));
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail)?.[1] ?? 'missing';
    expect(token).toHaveLength(43);

    const confirm = (t: string) => confirmPasswordReset(ctx(), t, 'a fresh passphrase', ATTACKER);
    const race = await sendAtOnceWithCheckHeld('resetToken', AT_ONCE, (i) =>
      confirm(`guess${i}`.padEnd(43, 'x')),
    );
    expect(race.reached).toBe(PAIR_MAX);
    expectRefusedAsLocked(await confirm(token));
    const statuses = statusesOf(await race.release());
    expect(countOf(statuses, 400)).toBe(PAIR_MAX);
    expect(countOf(statuses, 429)).toBe(AT_ONCE - PAIR_MAX);

    ctx().clock.advance(15 * MINUTE);
    expect((await confirm(token)).statusCode).toBe(200);
  });
});

describeEachDatabase(
  'the account limit under concurrency',
  (ctx) => {
    beforeEach(() => fs.rmSync(ctx().config.outboxDir, { recursive: true, force: true }));
    afterEach(() => {
      probe.gates = {};
    });

    it('guesses at once from many addresses: only the account maximum is checked, and the owner is e-mailed once', async () => {
      const owner = await ctx().loginAs({ email: 'owner@example.com' });
      const race = await sendAtOnceWithCheckHeld('password', AT_ONCE, (i) =>
        ctx().request({
          method: 'POST',
          url: '/api/admin/login',
          remoteAddress: `192.0.2.${i + 1}`,
          payload: { email: owner.email, password: `guess ${i}` },
        }),
      );
      expect(race.reached).toBe(ACCOUNT_MAX);
      const home = await ctx().request({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: OWNER_HOME,
        payload: { email: owner.email, password: owner.password },
      });
      expectRefusedAsLocked(home);
      const statuses = statusesOf(await race.release());
      expect(countOf(statuses, 401)).toBe(ACCOUNT_MAX);
      expect(countOf(statuses, 429)).toBe(AT_ONCE - ACCOUNT_MAX);

      await ctx().services.background.settled();
      expect(fs.readdirSync(ctx().config.outboxDir)).toHaveLength(1);
      const locks = await ctx()
        .db.selectFrom('audit_log')
        .select('detail')
        .where('action', '=', 'lockout')
        .execute();
      expect(locks.filter((l) => l.detail?.includes('"scope":"account"'))).toHaveLength(1);
    });
  },
  { env: { AUTH_ACCOUNT_MAX_FAILURES: String(ACCOUNT_MAX) } },
);
