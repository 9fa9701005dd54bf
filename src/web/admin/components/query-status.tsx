// What a part of a screen shows for its query: the spinner while it loads, an error banner if it
// failed, else what it is about, given the data.
import type { UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Banner, Loading } from '../../components/admin-ui.tsx';

export function QueryStatus<Data>({
  query,
  error,
  children,
}: {
  query: UseQueryResult<Data> | UseInfiniteQueryResult<Data>;
  /** The banner's text when the query failed ("Failed to load the audit log"). */
  error: string;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <Banner kind="error">{error}</Banner>;
  return children(query.data);
}
