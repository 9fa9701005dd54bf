// Recently deleted (issue 17): content items and enquiries deleted in the last 30 days, newest first,
// each with when it goes for good and a Restore button that puts it back exactly as it was.
import { RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { TRASH_DAYS } from '#shared/constants.ts';
import { londonDisplayTime } from '#shared/london-time.ts';
import type { TrashItem } from '#shared/schemas/trash.ts';
import { PageHeader } from '../../components/admin-ui.tsx';
import { Button } from '../../components/button.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useRestoreDeleted, useTrash } from '../api/trash.ts';
import { ContentList } from './content/content-list.tsx';
import { SCREEN_TITLES } from '../screen-titles.ts';

const KIND_NAMES: Record<TrashItem['kind'], string> = {
  events: 'Event',
  logos: 'Partner logo',
  badges: 'Badge',
  gallery: 'Gallery image',
  videos: 'Video',
  testimonials: 'Testimonial',
  enquiries: 'Enquiry',
};

function DeletedItem({ item }: { item: TrashItem }) {
  const restore = useRestoreDeleted();
  const restoring = restore.isPending;
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-card border border-ink-200 bg-white p-4 shadow-sm">
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-wide text-ink-600 uppercase">{KIND_NAMES[item.kind]}</p>
        <h2 className="font-semibold break-words text-ink-900">{item.title || '(no name)'}</h2>
        <p className="text-sm text-ink-600">
          Deleted {londonDisplayTime(Date.parse(item.deleted_at))} · gone for good{' '}
          {londonDisplayTime(Date.parse(item.purge_at))}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        disabled={restoring}
        aria-label={`Restore ${item.title}`}
        onClick={() =>
          restore.mutate([{ kind: item.kind, id: item.id }], {
            onSuccess: () => toast.success('Restored', { description: `${item.title} is back` }),
            onError: (error) =>
              toast.error('Error', { description: errorMessage(error, 'Failed to restore') }),
          })
        }
      >
        <RotateCcw className="size-4" aria-hidden="true" /> {restoring ? 'Restoring…' : 'Restore'}
      </Button>
    </li>
  );
}

export function RecentlyDeletedScreen() {
  const trash = useTrash();
  const items = trash.data?.items ?? [];
  return (
    <>
      <PageHeader
        title={SCREEN_TITLES['recently-deleted']}
        subtitle={`Events, pictures, videos, testimonials, logos, badges and enquiries deleted in the last ${TRASH_DAYS} days. Restore puts one back exactly as it was.`}
      />
      <ContentList
        label="Recently deleted"
        loading={trash.isPending}
        failed={trash.isError}
        count={items.length}
        empty={`Nothing deleted in the last ${TRASH_DAYS} days.`}
      >
        {items.map((item) => (
          <DeletedItem key={`${item.kind}-${item.id}`} item={item} />
        ))}
      </ContentList>
    </>
  );
}
