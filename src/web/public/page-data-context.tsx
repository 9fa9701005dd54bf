// The data the server embedded in the page (see #shared/page-data.ts), available to every section.
import { createContext, useContext, type ReactNode } from 'react';
import type { PageData } from '#shared/page-data.ts';

const PageDataContext = createContext<PageData | null>(null);

export function PageDataProvider({ data, children }: { data: PageData; children: ReactNode }) {
  return <PageDataContext.Provider value={data}>{children}</PageDataContext.Provider>;
}

export function usePageData(): PageData {
  const data = useContext(PageDataContext);
  if (!data) throw new Error('usePageData outside PageDataProvider');
  return data;
}
