// The connection that LISTENs for change notices (change-notices.ts says what they are for). It is one
// dedicated connection (a pooled one would be handed to queries and its LISTEN lost), opened from
// DATABASE_URL like the pool. When it drops (a PostgreSQL restart, pg_terminate_backend) it reconnects
// with back-off, logs once per outage, and tells its owner each time it listens again: notices sent
// meanwhile are gone.
import net from 'node:net';
import type { Client } from 'pg';

/** Waits between reconnection attempts: doubling from the first to the last, then staying there. */
export const RECONNECT_DELAYS_MS = { first: 100, max: 10_000 } as const;
/** A connection attempt that hangs (an unreachable host) is given up after this and retried. */
const CONNECT_TIMEOUT_MS = 10_000;
/**
 * TCP keep-alive on the idle listening connection: a firewall or NAT that forgets idle connections
 * silently would otherwise leave it deaf without anyone noticing (the poll would still cover it).
 */
const KEEP_ALIVE_DELAY_MS = 30_000;

export interface ChangeNoticesLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface ListenerOptions {
  /** DATABASE_URL: the same server and database as the pool. */
  url: string;
  channel: string;
  /** How the connection shows in pg_stat_activity. */
  applicationName: string;
  log: ChangeNoticesLog;
  /** A notice arrived on the channel. */
  onNotice(payload: string | undefined): void;
  /** Listening, at start or again after an outage. */
  onListening(): void;
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The listener's state, one per startListener; the steps below share it. */
interface ListenerState {
  readonly options: ListenerOptions;
  /** The adopted listening connection; undefined while down or connecting. */
  client: Client | undefined;
  closed: boolean;
  retryTimer: NodeJS.Timeout | undefined;
  connecting: Promise<void> | undefined;
  /** Abandons the connection attempt in progress (on close: a hanging one must not hold shutdown). */
  abandonAttempt: (() => void) | undefined;
  delayMs: number;
  /** Set while the listener is down: the outage is logged when it begins and when it ends. */
  downSince: number | undefined;
}

/** One connection attempt: its client, and whether it has been given up already. */
interface Attempt {
  readonly client: Client;
  dead: boolean;
}

/** Starts connecting at once; close() stops listening, and nothing is retried afterwards. */
export function startListener(options: ListenerOptions): { close(): Promise<void> } {
  const state: ListenerState = {
    options,
    client: undefined,
    closed: false,
    retryTimer: undefined,
    connecting: undefined,
    abandonAttempt: undefined,
    delayMs: RECONNECT_DELAYS_MS.first,
    downSince: undefined,
  };
  void connect(state);
  return { close: () => stopListening(state) };
}

function connect(state: ListenerState): Promise<void> {
  // Never rejects: whatever fails (even loading pg) is one more failed attempt.
  state.connecting ??= open(state)
    .catch((error: unknown) => scheduleRetry(state, error))
    .finally(() => {
      state.connecting = undefined;
    });
  return state.connecting;
}

function scheduleRetry(state: ListenerState, error: unknown): void {
  if (state.closed) return;
  if (state.downSince === undefined) {
    state.downSince = Date.now();
    state.options.log.warn(
      { err: errorText(error) },
      'change notices between instances interrupted; reconnecting (until then other instances ' +
        'show changes at their next re-check)',
    );
  }
  state.retryTimer = setTimeout(() => {
    state.retryTimer = undefined;
    void connect(state);
  }, state.delayMs);
  // A pending retry never keeps the process alive.
  state.retryTimer.unref();
  state.delayMs = Math.min(state.delayMs * 2, RECONNECT_DELAYS_MS.max);
}

async function open(state: ListenerState): Promise<void> {
  const { default: pg } = await import('pg');
  const attempt = startAttempt(state, pg.Client);
  try {
    await attempt.client.connect();
    await attempt.client.query(`LISTEN ${state.options.channel}`);
    if (attempt.dead) throw new Error('the connection ended');
  } catch (error) {
    lost(state, attempt, error);
    scheduleRetry(state, error);
    return;
  } finally {
    state.abandonAttempt = undefined;
  }
  if (state.closed) {
    attempt.dead = true;
    await attempt.client.end().catch(() => undefined);
    return;
  }
  adopt(state, attempt.client);
}

/** A new client with its events handled, not connected yet (synchronous: open() connects it at once). */
function startAttempt(state: ListenerState, PgClient: typeof Client): Attempt {
  const { url, applicationName, channel, onNotice } = state.options;
  let socket: net.Socket | undefined;
  const attempt: Attempt = {
    client: new PgClient({
      connectionString: url,
      application_name: applicationName,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
      // The listening connection alone never keeps the process alive (it is closed on app close).
      stream: () => (socket = new net.Socket().unref()),
    }),
    dead: false,
  };
  state.abandonAttempt = () => socket?.destroy();
  // Registered before connecting: an 'error' event without a listener would end the process.
  attempt.client.on('error', (error) => lost(state, attempt, error));
  attempt.client.on('end', () => lost(state, attempt, new Error('the connection ended')));
  attempt.client.on('notification', (message) => {
    if (message.channel === channel) onNotice(message.payload);
  });
  return attempt;
}

/** The attempt's connection failed or dropped: it is ended, and an adopted one reconnects. */
function lost(state: ListenerState, attempt: Attempt, error: unknown): void {
  if (attempt.dead) return;
  attempt.dead = true;
  attempt.client.end().catch(() => undefined);
  // Before it was adopted, open() itself sees the failure and retries.
  if (state.client !== attempt.client) return;
  state.client = undefined;
  scheduleRetry(state, error);
}

/** The connection listens: it becomes the listener, and the outage (if any) is over. */
function adopt(state: ListenerState, client: Client): void {
  state.client = client;
  state.delayMs = RECONNECT_DELAYS_MS.first;
  if (state.downSince !== undefined) {
    state.options.log.info(
      { downMs: Date.now() - state.downSince },
      'change notices between instances resumed',
    );
    state.downSince = undefined;
  }
  state.options.onListening();
}

async function stopListening(state: ListenerState): Promise<void> {
  state.closed = true;
  clearTimeout(state.retryTimer);
  state.abandonAttempt?.();
  await state.connecting;
  const listening = state.client;
  state.client = undefined;
  await listening?.end().catch(() => undefined);
}
