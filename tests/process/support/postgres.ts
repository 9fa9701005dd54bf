// The PostgreSQL server the cluster proof runs on, and a throwaway database on it. Same rules as the
// API suite's PostgreSQL leg (src/server/testing/global-setup.ts): TEST_POSTGRES_URL names the
// server and must then be reachable (CI sets it); unset, the local server is tried; `off` skips.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const LOCAL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECT_TIMEOUT_MS = 2000;

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
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

/**
 * The server's URL, or undefined when the proof is to be skipped: never when TEST_POSTGRES_URL is set,
 * nor in CI (issue 19: a missing server must fail the run there, not pass it with the proof unrun).
 */
export async function findPostgres(): Promise<string | undefined> {
  const requested = process.env.TEST_POSTGRES_URL;
  if (requested === 'off') return undefined;
  const url = requested ?? LOCAL_DEFAULT;
  if (await reachable(url)) return url;
  if (requested) throw new Error(`TEST_POSTGRES_URL is set but PostgreSQL at ${requested} is unreachable`);
  if (process.env.CI === 'true')
    throw new Error(`CI=true: PostgreSQL at ${url} is unreachable; the cluster proof is required in CI`);
  return undefined;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the server, and how to drop it (connections still open are ended). */
export async function createThrowawayDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `range_cluster_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
