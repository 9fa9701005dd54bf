// The list part of a content screen: Loading first, an empty message, then the cards.
import type { ReactNode } from 'react';
import { EmptyState, Loading } from '../../../components/admin-ui.tsx';

export function ContentList({
  loading,
  failed,
  count,
  empty,
  label,
  children,
}: {
  loading: boolean;
  failed: boolean;
  count: number;
  empty: string;
  /** Names the list for screen readers ('Events'). */
  label: string;
  children: ReactNode;
}) {
  if (loading) return <Loading />;
  if (failed && count === 0)
    return <EmptyState>Could not load the list. Reload the page to try again.</EmptyState>;
  if (count === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {children}
    </ul>
  );
}
