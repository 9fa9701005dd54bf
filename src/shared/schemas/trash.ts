// Recently deleted (issue 17): deleted content items and enquiries, restorable for TRASH_DAYS days.
import { z } from 'zod';
import { CONTENT_KIND_NAMES } from './content.ts';
import { MAX_ID } from './common.ts';

export const TRASH_KINDS = [...CONTENT_KIND_NAMES, 'enquiries'] as const;

export const trashItem = z.object({
  kind: z.enum(TRASH_KINDS),
  id: z.number().int(),
  /** What the admin called it: the name, title or client; for an enquiry, the person (and organisation). */
  title: z.string(),
  deleted_at: z.string(),
  /** When it goes for good. */
  purge_at: z.string(),
});
export type TrashItem = z.infer<typeof trashItem>;

export const trashListResponse = z.object({ success: z.literal(true), items: z.array(trashItem) });

export const trashRestoreRequest = z.object({
  items: z
    .array(
      z.object({
        kind: z.enum(TRASH_KINDS, { error: `must be one of ${TRASH_KINDS.join(', ')}` }),
        id: z
          .number({ error: 'must be a number' })
          .int('must be a whole number')
          .positive('must be positive')
          .max(MAX_ID, `must be at most ${MAX_ID}`),
      }),
    )
    .min(1, 'must name at least one item')
    .max(500, 'must name at most 500 items'),
});
export type TrashRestoreRequest = z.infer<typeof trashRestoreRequest>;

export const trashRestoreResponse = z.object({ success: z.literal(true), restored: z.number().int() });
