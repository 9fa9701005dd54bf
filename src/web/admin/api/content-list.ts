// GET /api/admin/<kind>: every item of one content kind, hidden ones included (a plain array).
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { CONTENT_KINDS, type ContentKind } from '#shared/schemas/content.ts';
import { api } from '../../lib/api-client.ts';

export type ContentItem<K extends ContentKind> = z.infer<(typeof CONTENT_KINDS)[K]['item']>;
/** What the admin forms send: the input schema's accepted shape. */
export type ContentInput<K extends ContentKind> = z.input<(typeof CONTENT_KINDS)[K]['input']>;

export const contentListKey = (kind: ContentKind) => ['admin', 'content', kind] as const;

export const fetchContentList = <K extends ContentKind>(kind: K, signal?: AbortSignal) =>
  api<ContentItem<K>[]>(`/admin/${kind}`, { signal });

export function useContentList<K extends ContentKind>(kind: K) {
  return useQuery({
    queryKey: contentListKey(kind),
    queryFn: ({ signal }) => fetchContentList(kind, signal),
  });
}
