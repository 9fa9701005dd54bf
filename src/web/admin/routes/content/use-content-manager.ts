// What every content screen does with its list: load it (toast on failure), create, update, delete
// after the browser's confirmation, and show or hide an item — each with its message
// (docs/product.md#content-screens). These screens use the one-at-a-time toast (docs/product.md#toasts).
import { useEffect, useMemo } from 'react';
import type { ContentKind } from '#shared/schemas/content.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../components/toast.tsx';
import { useContentList, type ContentInput, type ContentItem } from '../../api/content-list.ts';
import { useCreateContent } from '../../api/content-create.ts';
import { useUpdateContent, type ContentChanges } from '../../api/content-update.ts';
import { useDeleteContent } from '../../api/content-delete.ts';
import { confirmDelete } from '../../components/confirm.ts';
import { useRestoreDeleted } from '../../api/trash.ts';

export interface ContentMessages {
  /** 'event', 'logo', 'image' … as in 'Are you sure you want to delete this event?'. */
  noun: string;
  fetchFailed: string;
  createFailed: string;
  created: string;
  updateFailed: string;
  updated: string;
  deleteFailed: string;
  deleted: string;
  /** After Undo (issue 17). */
  restoreFailed: string;
  restored: string;
  /** Gallery: a failed save shows the server's detail itself rather than under the title. */
  detailAsTitle?: boolean;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The messages of one kind, which all follow one pattern: 'Failed to add badge', 'Badge
 * added', 'Failed to fetch badges' … Events are created rather than added.
 */
export function contentMessages(
  noun: string,
  plural: string,
  { add = 'add', added = 'added', detailAsTitle = false } = {},
): ContentMessages {
  const name = capitalised(noun);
  return {
    noun,
    fetchFailed: `Failed to fetch ${plural}`,
    createFailed: `Failed to ${add} ${noun}`,
    created: `${name} ${added}`,
    updateFailed: `Failed to update ${noun}`,
    updated: `${name} updated`,
    deleteFailed: `Failed to delete ${noun}`,
    restoreFailed: `Failed to restore ${noun}`,
    deleted: `${name} deleted`,
    restored: `${name} restored`,
    detailAsTitle,
  };
}

const byOrder = <T extends { order: number; id: number }>(a: T, b: T) => a.order - b.order || a.id - b.id;

export function useContentManager<K extends ContentKind>(kind: K, messages: ContentMessages) {
  const list = useContentList(kind);
  const create = useCreateContent(kind);
  const update = useUpdateContent(kind);
  const remove = useDeleteContent(kind);
  const restore = useRestoreDeleted();

  useEffect(() => {
    if (list.error)
      toast({
        title: messages.fetchFailed,
        description: errorMessage(list.error, ''),
        variant: 'destructive',
      });
  }, [list.error, messages.fetchFailed]);

  const items = useMemo(() => [...(list.data ?? [])].sort(byOrder) as ContentItem<K>[], [list.data]);

  const failed = (title: string, error: unknown) =>
    messages.detailAsTitle
      ? toast({ title: errorMessage(error, title), variant: 'destructive' })
      : toast({ title, description: errorMessage(error, ''), variant: 'destructive' });

  return {
    kind,
    list,
    items,
    /** Resolves true when saved, so the form can close. */
    async save(values: ContentInput<K>, editingId: number | null): Promise<boolean> {
      try {
        if (editingId === null) {
          await create.mutateAsync(values);
          toast({ title: messages.created, variant: 'success' });
        } else {
          await update.mutateAsync({ id: editingId, changes: values as ContentChanges<K> });
          toast({ title: messages.updated, variant: 'success' });
        }
        return true;
      } catch (error) {
        failed(editingId === null ? messages.createFailed : messages.updateFailed, error);
        return false;
      }
    },
    async setActive(item: ContentItem<K>, isActive: boolean): Promise<void> {
      try {
        await update.mutateAsync({ id: item.id, changes: { is_active: isActive } as ContentChanges<K> });
      } catch (error) {
        failed(messages.updateFailed, error);
      }
    },
    /** Asks first; resolves true when the item is gone. */
    async remove(item: ContentItem<K>): Promise<boolean> {
      if (!confirmDelete(`this ${messages.noun}`)) return false;
      try {
        await remove.mutateAsync(item.id);
        // Issue 17: it sits in Recently deleted for 30 days; Undo puts it back at once.
        toast({
          title: messages.deleted,
          variant: 'success',
          action: {
            label: 'Undo',
            onClick: () =>
              restore.mutate([{ kind, id: item.id }], {
                onSuccess: () => toast({ title: messages.restored, variant: 'success' }),
                onError: (error) => failed(messages.restoreFailed, error),
              }),
          },
        });
        return true;
      } catch (error) {
        failed(messages.deleteFailed, error);
        return false;
      }
    },
    saving: create.isPending || update.isPending,
    /** The raw update, for screens with their own calls (gallery reorder). */
    update,
  };
}

export type ContentManager<K extends ContentKind> = ReturnType<typeof useContentManager<K>>;
