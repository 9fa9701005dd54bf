// One answer as the access log and the metrics see it; a module of its own so the fast lane, the
// observer and the metrics can share it without importing each other.
export interface Answer {
  id: string;
  method: string;
  /** The path as asked; the log redacts query values and the calendar feed's secret (redactUrl). */
  url: string;
  /** The route's pattern (`/api/admin/events/:id`), bounded for metrics; `(unmatched)` for a 404. */
  route: string;
  status: number;
  /** Body bytes sent (0 for HEAD and 304). */
  bytes: number;
  durationMs: number;
  client: string;
  /** Answered by the fast lane, before Fastify. */
  lane: boolean;
}

export type AnswerObserver = (answer: Answer) => void;
