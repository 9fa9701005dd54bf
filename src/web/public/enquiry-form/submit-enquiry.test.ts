import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENQUIRY_TIMEOUT_MS, submitEnquiry } from './submit-enquiry.ts';

const body = {
  name: 'Jo Bloggs',
  email: 'jo@example.co.uk',
  organisation: 'Field Day Festival',
  message: 'Two days in July',
  recaptchaToken: 'token',
  website: '',
};

describe('submitEnquiry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('posts the enquiry as JSON and reports it sent', async () => {
    const fetchSpy = vi.fn(() => Promise.resolve(Response.json({ success: true })));
    vi.stubGlobal('fetch', fetchSpy);
    await expect(submitEnquiry(body)).resolves.toEqual({ kind: 'sent' });
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/enquiries');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual(body);
  });

  it('sends where the visitor came from beside the fields', async () => {
    const fetchSpy = vi.fn(() => Promise.resolve(Response.json({ success: true })));
    vi.stubGlobal('fetch', fetchSpy);
    const source = { utm_source: 'newsletter', utm_medium: null, utm_campaign: null, referrer_host: null };
    await submitEnquiry(body, source);
    const [, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ ...body, source });
  });

  it('passes on the server detail and code', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        Response.json({ detail: 'email must be an e-mail address', code: 'VALIDATION' }, { status: 400 }),
      ),
    );
    await expect(submitEnquiry(body)).resolves.toEqual({
      kind: 'failed',
      detail: 'email must be an e-mail address',
      code: 'VALIDATION',
    });
  });

  it("turns a 400 about one of the visitor's fields into that field's problem", async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        Response.json(
          { detail: 'email: must be an e-mail address such as name@example.com', code: 'VALIDATION_ERROR' },
          { status: 400 },
        ),
      ),
    );
    await expect(submitEnquiry(body)).resolves.toEqual({
      kind: 'invalid',
      field: 'email',
      problem: 'must be an e-mail address such as name@example.com',
    });
    // A field the visitor cannot fix, or another status, stays a failure with its detail.
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        Response.json(
          { detail: 'recaptchaToken: must be a string', code: 'VALIDATION_ERROR' },
          { status: 400 },
        ),
      ),
    );
    await expect(submitEnquiry(body)).resolves.toMatchObject({ kind: 'failed' });
    vi.stubGlobal('fetch', () =>
      Promise.resolve(Response.json({ detail: 'name: is required', code: 'X' }, { status: 500 })),
    );
    await expect(submitEnquiry(body)).resolves.toMatchObject({ kind: 'failed' });
  });

  it('reports a failure without detail (network down, HTML error page)', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(submitEnquiry(body)).resolves.toEqual({ kind: 'failed', detail: null, code: null });
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('<html>', { status: 502 })));
    await expect(submitEnquiry(body)).resolves.toEqual({ kind: 'failed', detail: null, code: null });
  });

  it('gives up after 10 s and calls it a timeout', async () => {
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const outcome = submitEnquiry(body);
    await vi.advanceTimersByTimeAsync(ENQUIRY_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toEqual({ kind: 'timeout' });
  });
});
