// Build time only (scripts/build-web.ts): the markup of the admin screens that are written into their
// page (docs/decisions/0478), rendered by the very tree the browser hydrates, as nobody signed in.
// React waits for every lazy screen, so the markup is whole and needs no script to show.
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import './zod-without-eval.ts';
import { AdminTree, adminQueryClient } from './admin-tree.tsx';

async function collect(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    stream
      .pipe(
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        }),
      )
      .on('finish', resolve)
      .on('error', reject);
  });
  return Buffer.concat(chunks).toString('utf8');
}

/** The markup for inside the root element when the page is opened at `path`. */
export async function prerenderAdminScreen(path: string): Promise<string> {
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={path}>{children}</StaticRouter>
  );
  const { prelude } = await prerenderToNodeStream(
    <AdminTree queryClient={adminQueryClient()} Router={Router} />,
  );
  return collect(prelude);
}
