// A 5xx never leaks internals (docs/product.md#api): a failing query must reach the client as the
// generic `{detail, code}` body — no message, SQL, stack, file path or driver field of the cause.
import { afterEach, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '#shared/errors.ts';
import { sql } from 'kysely';
import { describeEachDatabase } from '../testing/harness.ts';

// Set by a test to make the content queries fail; undefined lets them run.
const failure = vi.hoisted(() => ({ cause: undefined as unknown }));

vi.mock('../features/content/repository.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../features/content/repository.ts')>();
  const failing =
    <A extends unknown[], R>(query: (...args: A) => R) =>
    (...args: A): R => {
      if (failure.cause !== undefined) throw failure.cause;
      return query(...args);
    };
  return {
    ...actual,
    listContent: failing(actual.listContent),
    activeContent: failing(actual.activeContent),
    insertContent: failing(actual.insertContent),
  };
});

/** What a driver error can carry: the statement, its parameters, the schema, and a stack of paths. */
function driverError(): Error {
  const error = new Error(
    `SQLITE_ERROR: no such column: password_hash in SELECT "id", "password_hash" FROM "admin_users" WHERE "email" = 'boss@example.com'`,
  );
  error.stack = `${error.message}\n    at Statement.all (/srv/range/node_modules/better-sqlite3/lib/methods/wrappers.js:9:17)\n    at listContent (/srv/range/src/server/features/content/repository.ts:33:10)`;
  return Object.assign(error, {
    code: '42703',
    detail: 'Key (email)=(boss@example.com) already exists.',
    query: 'SELECT * FROM admin_users',
    table: 'admin_users',
  });
}

const LEAK_MARKERS = [
  /select/i,
  /insert/i,
  /admin_users/,
  /password/i,
  /boss@example\.com/,
  /\bat\s/,
  /\/srv\//,
  /node_modules/,
  /\.ts\b/,
  /\.js\b/,
  /SQLITE/i,
  /relation/i,
  /no such/i,
  /42703/,
];

describeEachDatabase('server errors never leak internals', (ctx) => {
  afterEach(() => {
    failure.cause = undefined;
  });

  async function expectGenericServerError(request: Parameters<ReturnType<typeof ctx>['request']>[0]) {
    const response = await ctx().request(request);
    expect(response.statusCode, response.body).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ detail: expect.any(String), code: ERROR_CODES.internal });
    for (const marker of LEAK_MARKERS) expect(response.body, String(marker)).not.toMatch(marker);
    // Nothing about the cause in the headers either.
    expect(JSON.stringify(response.headers)).not.toMatch(/select|admin_users|node_modules/i);
  }

  const newEvent = { name: 'Open day', location: 'Leeds', date: '2026-08-01', image_url: '/uploads/x.jpg' };

  it('a query that throws with SQL, parameters and a stack answers a bare 500', async () => {
    const { token } = await ctx().loginAs();
    failure.cause = driverError();
    await expectGenericServerError({ method: 'GET', url: '/api/admin/events', token });
    await expectGenericServerError({ method: 'POST', url: '/api/admin/events', token, payload: newEvent });
    await expectGenericServerError({ method: 'GET', url: '/api/cms/events' });
  });

  it('a value thrown that is not an Error is no different', async () => {
    const { token } = await ctx().loginAs();
    failure.cause = `SELECT * FROM admin_users WHERE password = 'hunter2'`;
    await expectGenericServerError({ method: 'GET', url: '/api/admin/events', token });
    failure.cause = { message: 'INSERT INTO admin_users', stack: 'at /srv/range/src/x.ts:1:1' };
    await expectGenericServerError({ method: 'GET', url: '/api/cms/events' });
  });

  it('a real database failure (a missing table) answers the same bare 500', async () => {
    const { token } = await ctx().loginAs();
    await sql`ALTER TABLE events RENAME TO events_hidden`.execute(ctx().db);
    try {
      await expectGenericServerError({ method: 'GET', url: '/api/admin/events', token });
      await expectGenericServerError({ method: 'POST', url: '/api/admin/events', token, payload: newEvent });
    } finally {
      await sql`ALTER TABLE events_hidden RENAME TO events`.execute(ctx().db);
    }
    // And the app recovers as soon as the database does.
    const after = await ctx().request({ method: 'GET', url: '/api/admin/events', token });
    expect(after.statusCode).toBe(200);
  });
});
