// Decides once per run whether the PostgreSQL leg runs. TEST_POSTGRES_URL names the server (a
// database the tests may create throwaway databases from); without it the machine's local server is
// tried. `TEST_POSTGRES_URL=off` skips the leg. With CI=true the leg is required unless it is off.
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

const LOCAL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const requested = process.env.TEST_POSTGRES_URL;
  const url = requested === 'off' ? '' : (requested ?? LOCAL_DEFAULT);
  const ok = url !== '' && (await reachable(url));
  if (!ok && requested && requested !== 'off') {
    throw new Error(`TEST_POSTGRES_URL is set but PostgreSQL at ${requested} is unreachable`);
  }
  // In CI a missing server must fail the run, not pass it with half the suite unrun (issue 19); only
  // an explicit TEST_POSTGRES_URL=off leaves the leg out there.
  if (!ok && requested !== 'off' && process.env.CI === 'true') {
    throw new Error(
      `CI=true: PostgreSQL at ${url || '(empty TEST_POSTGRES_URL)'} is unreachable; the PostgreSQL leg is required in CI`,
    );
  }
  if (ok) {
    process.stdout.write(`\n[tests] PostgreSQL leg ON (${url.replace(/:[^:@/]+@/, ':***@')})\n`);
  } else if (requested === 'off') {
    process.stdout.write('\n[tests] PostgreSQL leg OFF (TEST_POSTGRES_URL=off): SQLite only.\n');
  } else {
    process.stdout.write(
      '\n[tests] PostgreSQL leg SKIPPED: no server reachable. Set TEST_POSTGRES_URL=postgres://… to run it.\n',
    );
  }
  project.provide('postgresUrl', ok ? url : '');
}
