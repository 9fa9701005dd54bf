// How backup and restore run PostgreSQL's own tools (pg_dump, psql). The password never goes on the
// command line, where `ps` and /proc show it to every user of the machine: it travels in the child's
// environment as PGPASSWORD, which libpq reads.
import { spawnSync } from 'node:child_process';

export interface PostgresConnection {
  /** DATABASE_URL without its password. */
  url: string;
  /** The environment for the tool: this process's (PATH, PGSSLMODE …) plus PGPASSWORD when there is one. */
  env: NodeJS.ProcessEnv;
}

export function postgresConnection(databaseUrl: string): PostgresConnection {
  const url = new URL(databaseUrl);
  // libpq also takes the password as a query parameter.
  const password = url.password ? decodeURIComponent(url.password) : url.searchParams.get('password');
  url.password = '';
  url.searchParams.delete('password');
  return {
    url: url.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env },
  };
}

/** Runs one PostgreSQL client tool to completion; throws with its own message when it fails. */
export function runPostgresTool(
  tool: 'pg_dump' | 'psql',
  args: string[],
  connection: PostgresConnection,
): void {
  const run = spawnSync(tool, [...args, connection.url], {
    encoding: 'utf8',
    env: connection.env,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error || run.status !== 0) {
    throw new Error(
      `${tool} failed: ${run.error?.message ?? run.stderr.trim()}` +
        ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT'
          ? ' (install the PostgreSQL client tools)'
          : ''),
    );
  }
}
