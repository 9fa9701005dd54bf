// PUT /api/admin/<kind>/{id}: the fields sent are merged over the stored item (so {is_active} or
// {order} alone is a valid change); answers the updated item.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentKind } from '#shared/schemas/content.ts';
import { api } from '../../lib/api-client.ts';
import { contentListKey, type ContentInput, type ContentItem } from './content-list.ts';

export type ContentChanges<K extends ContentKind> = Partial<ContentInput<K>>;

export const updateContent = <K extends ContentKind>(kind: K, id: number, changes: ContentChanges<K>) =>
  api<ContentItem<K>>(`/admin/${kind}/${id}`, { method: 'PUT', body: changes });

export function useUpdateContent<K extends ContentKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: ContentChanges<K> }) =>
      updateContent(kind, id, changes),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentListKey(kind) }),
  });
}
