// POST /api/admin/<kind>: add one item; answers the stored item (201).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentKind } from '#shared/schemas/content.ts';
import { api } from '../../lib/api-client.ts';
import { contentListKey, type ContentInput, type ContentItem } from './content-list.ts';

export const createContent = <K extends ContentKind>(kind: K, input: ContentInput<K>) =>
  api<ContentItem<K>>(`/admin/${kind}`, { method: 'POST', body: input });

export function useCreateContent<K extends ContentKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContentInput<K>) => createContent(kind, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentListKey(kind) }),
  });
}
