// One content item in an admin list: a preview, its key facts, whether it is on the website (a
// switch), and Edit / Delete. Hidden items are dimmed so the list reads at a glance.
import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Switch } from '../../../components/admin-ui.tsx';
import { Button } from '../../../components/button.tsx';
import type { Schedulable } from '#shared/schedule.ts';
import { ScheduleLine } from './schedule.tsx';

type ItemCardProps = {
  /** The item's title; also names the buttons for screen readers ('Edit Summer Fest'). */
  name: string;
  media?: ReactNode;
  children?: ReactNode;
  active: boolean;
  onActiveChange: (active: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  extraActions?: ReactNode;
  /** A short state beside the name, e.g. 'Past — not shown'. */
  badge?: string;
  /** The item's show-from / hide-after times, said in a line of their own when it has any. */
  schedule?: Schedulable;
  /** 3 where the list sits under a section heading (gallery). */
  headingLevel?: 2 | 3;
};

/**
 * The card's bottom row: the on-the-website switch, any extra actions, Edit and Delete. The switch is
 * named by what it does, the same on every screen (issue 28): a state word would claim 'Shown' beside
 * an item that is on but not on the site now (an event beyond the next three, a picture before its
 * start); the header's badges and schedule line say that, and 'Hidden' while it is off.
 */
function ItemCardActions({
  name,
  active,
  onActiveChange,
  extraActions,
  onEdit,
  onDelete,
}: Pick<ItemCardProps, 'name' | 'active' | 'onActiveChange' | 'extraActions' | 'onEdit' | 'onDelete'>) {
  return (
    <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-ink-100 px-4 py-3">
      <label className="mr-auto flex items-center gap-2 text-sm font-medium text-ink-700">
        <Switch checked={active} onCheckedChange={onActiveChange} label={`Show ${name} on the website`} />
        <span aria-hidden="true">Show on the website</span>
      </label>
      {extraActions}
      <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
        <Pencil className="size-4" aria-hidden="true" /> Edit
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={onDelete}
        aria-label={`Delete ${name}`}
        className="text-danger-600 hover:bg-red-50"
      >
        <Trash2 className="size-4" aria-hidden="true" /> Delete
      </Button>
    </div>
  );
}

export function ItemCard({
  name,
  media,
  children,
  active,
  badge,
  schedule,
  headingLevel = 2,
  ...actions
}: ItemCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="flex flex-col rounded-card border border-ink-200 bg-white shadow-sm">
      <div className="flex gap-4 p-4">
        {media && (
          <div
            className={`size-20 shrink-0 overflow-hidden rounded-lg bg-ink-100 sm:size-24 ${active ? '' : 'opacity-50 grayscale'}`}
          >
            {media}
          </div>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start gap-2">
            <Heading className="min-w-0 font-semibold break-words text-ink-900">{name}</Heading>
            {badge && (
              <span className="rounded-full bg-ink-100 px-2 py-0.5 text-xs font-semibold text-ink-700">
                {badge}
              </span>
            )}
            {!active && (
              <span className="rounded-full bg-ink-200 px-2 py-0.5 text-xs font-semibold text-ink-800">
                Hidden
              </span>
            )}
          </div>
          <div className="mt-1 space-y-0.5 text-sm break-words text-ink-600">
            {schedule && <ScheduleLine item={schedule} />}
            {children}
          </div>
        </div>
      </div>
      <ItemCardActions name={name} active={active} {...actions} />
    </li>
  );
}
