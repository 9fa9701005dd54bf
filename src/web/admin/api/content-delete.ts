// DELETE /api/admin/<kind>/{id}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentKind } from '#shared/schemas/content.ts';
import type { SuccessResponse } from '#shared/schemas/common.ts';
import { api } from '../../lib/api-client.ts';
import { contentListKey } from './content-list.ts';

export const deleteContent = (kind: ContentKind, id: number) =>
  api<SuccessResponse>(`/admin/${kind}/${id}`, { method: 'DELETE' });

export function useDeleteContent(kind: ContentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteContent(kind, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentListKey(kind) }),
  });
}
