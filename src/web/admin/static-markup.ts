// The admin's markup drawn on Node, at build time (prerender.tsx) and on request (server-render.tsx).
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { UNTIL_SCRIPT_ATTRIBUTE } from '#shared/admin-prerendered.ts';

/** The whole markup of `tree`: React waits for every lazy part, so nothing is left to a script. */
export async function staticMarkup(tree: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(tree);
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    prelude
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

/**
 * Markup shown before the client has started, where a button can do nothing yet (the menu, Logout,
 * a month's arrows): disabled, it says so, and a tap or a test waiting to press it waits for the
 * client's own (decision 0486).
 */
export const withButtonsDisabled = (markup: string) =>
  markup.replaceAll('<button ', `<button disabled="" ${UNTIL_SCRIPT_ATTRIBUTE}="" `);
