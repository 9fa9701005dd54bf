// POST /api/enquiries with a 10-second timeout (docs/product.md#enquiry-form), reduced to what the form has
// to show: sent, timed out (silent), refused because of one of the visitor's fields (shown beside that
// field), or failed with the server's detail when it gave one.
import type { EnquirySource } from '#shared/schemas/enquiry-source.ts';
import { api, ApiError } from '../../lib/api-client.ts';
import { fieldOfDetail, type EnquiryField } from './enquiry-fields.ts';

/** The enquiry request timeout (docs/product.md#constants). */
export const ENQUIRY_TIMEOUT_MS = 10_000;

export interface EnquiryBody {
  name: string;
  email: string;
  organisation: string;
  message: string;
  /** The optional ones: '' or null when left empty. */
  preferred_date?: string;
  event_type?: string;
  people?: number | null;
  phone?: string;
  recaptchaToken: string;
  [honeypot: string]: string | number | null | undefined;
}

export type SubmitOutcome =
  | { kind: 'sent' }
  | { kind: 'timeout' }
  | { kind: 'invalid'; field: EnquiryField; problem: string }
  | { kind: 'failed'; detail: string | null; code: string | null };

/** `source`: where the visitor came from (visit-source.ts), sent beside the fields. */
export async function submitEnquiry(
  body: EnquiryBody,
  source?: EnquirySource,
  timeoutMs: number = ENQUIRY_TIMEOUT_MS,
): Promise<SubmitOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    await api('/enquiries', { method: 'POST', body: { ...body, source }, signal: controller.signal });
    return { kind: 'sent' };
  } catch (error) {
    if (timedOut) return { kind: 'timeout' };
    if (error instanceof ApiError) {
      const named = error.status === 400 ? fieldOfDetail(error.detail) : null;
      if (named) return { kind: 'invalid', ...named };
      return { kind: 'failed', detail: error.detail ?? null, code: error.code ?? null };
    }
    return { kind: 'failed', detail: null, code: null };
  } finally {
    clearTimeout(timer);
  }
}
