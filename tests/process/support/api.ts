// HTTP calls against a server process, and the steady load the durability proofs put on it.

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface CallOptions {
  method?: string;
  token?: string;
  json?: unknown;
  headers?: Record<string, string>;
}

/** One request; the body is parsed as JSON when the answer is JSON, else kept as text. */
export async function call(url: string, options: CallOptions = {}): Promise<Answer> {
  const response = await fetch(url, {
    method: options.method ?? (options.json === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  return { status: response.status, headers: response.headers, body: isJson ? JSON.parse(text) : text };
}

/** Signs in and returns the bearer token; anything but 200 is an error naming the answer. */
export async function login(baseUrl: string, credentials: { email: string; password: string }) {
  const answer = await call(`${baseUrl}/api/admin/login`, { json: credentials });
  if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body as { access_token: string }).access_token;
}

/** A desktop Chrome: the analytics endpoints drop requests that look automated. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * `clients` clients sending at once, each one request after another, until stop() is called or a
 * request of theirs fails at the network level — the server went away mid-request or refuses
 * connections — which that client counts as unanswered before it stops. `send` makes one request and
 * records its answer.
 */
export function sustainedLoad(
  clients: number,
  send: (client: number, sequence: number) => Promise<void>,
): { stop(): void; unanswered(): number; finished: Promise<void> } {
  let stopped = false;
  let unanswered = 0;
  const client = async (id: number) => {
    for (let sequence = 0; !stopped; sequence += 1) {
      try {
        await send(id, sequence);
      } catch (error) {
        // fetch reports a refused or cut connection as a TypeError; anything else is a bug here.
        if (!(error instanceof TypeError)) {
          stopped = true;
          throw error;
        }
        unanswered += 1;
        return;
      }
    }
  };
  const finished = Promise.all(Array.from({ length: clients }, (_, id) => client(id))).then(() => undefined);
  return {
    stop: () => {
      stopped = true;
    },
    unanswered: () => unanswered,
    finished,
  };
}
