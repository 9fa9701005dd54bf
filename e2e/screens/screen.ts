import type { Page } from 'playwright-core';
import type { TestServer } from '../support/server.ts';

/** One screenshot subject: how to get the page into the state worth looking at. */
export interface Screen {
  name: string;
  open(page: Page, server: TestServer): Promise<void>;
  /** Whole scrollable page (default) or just the viewport. */
  fullPage?: boolean;
}
