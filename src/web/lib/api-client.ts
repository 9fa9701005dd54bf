// The one fetch wrapper of the web client (docs/architecture.md#overview): the API base, the bearer token,
// the `{detail, code}` error body, and the 401 path. 2xx is success; there is no default timeout
// (docs/product.md#api), callers pass a signal when they need one.

/** The API base is the backend host followed by /api. The site serves both, so it is relative. */
export const API_BASE = '/api';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's human sentence, when it sent one. */
    readonly detail: string | undefined,
    readonly code: string | undefined,
  ) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

/** The server's detail if there is one, else the screen's fallback sentence (docs/product.md#messages). */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.detail ? error.detail : fallback;

interface AuthHooks {
  token: () => string | null;
  /** Called when the server answers 401 to a request that carried a token (session over). */
  onUnauthorized: () => void;
}
let auth: AuthHooks | null = null;

/** The admin client plugs its token store in here; the public pages never do. */
export function configureAuth(hooks: AuthHooks): void {
  auth = hooks;
}

/** How a request reaches the API: the browser's fetch, or the server's own (drawing an admin screen). */
type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** The admin's server-side renderer asks the API in-process (docs/decisions/0491). */
export function configureTransport(send: Transport): void {
  transport = send;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON unless it is FormData. */
  body?: unknown;
  signal?: AbortSignal;
  /** Conditions such as If-Match; the token and the content type are set here. */
  headers?: Record<string, string>;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  const token = auth?.token();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await transport(`${API_BASE}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  });
  if (response.ok) return response;
  let detail: string | undefined;
  let code: string | undefined;
  try {
    const errorBody = (await response.json()) as { detail?: unknown; code?: unknown };
    if (typeof errorBody.detail === 'string') detail = errorBody.detail;
    if (typeof errorBody.code === 'string') code = errorBody.code;
  } catch {
    // not JSON: keep the status only
  }
  if (response.status === 401 && token) auth?.onUnauthorized();
  throw new ApiError(response.status, detail, code);
}

/** A JSON call; resolves to the parsed body (undefined for 204). */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** A call whose answer is a file (CSV export). */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return (await send(path, options)).blob();
}

/** An upload with progress (fetch has none): resolves to the parsed JSON answer. */
export function apiUpload<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${path}`);
    const token = auth?.token();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let parsed: { detail?: string; code?: string } | undefined;
      try {
        parsed = JSON.parse(request.responseText) as typeof parsed;
      } catch {
        parsed = undefined;
      }
      if (request.status >= 200 && request.status < 300) return resolve(parsed as T);
      if (request.status === 401 && token) auth?.onUnauthorized();
      reject(new ApiError(request.status, parsed?.detail, parsed?.code));
    };
    request.onerror = () => reject(new ApiError(0, undefined, undefined));
    request.send(form);
  });
}
