// An admin screen's page drawn on request with the signed-in admin's data (docs/decisions/0491): the
// dashboard or the bookings calendar shows on the owner's phone with the stylesheet, before the admin
// client's script has arrived. The session comes from the cookie that only the admin's pages carry
// (`Path=/admin`, `SameSite=Strict`, written by the client beside its token); it is used here as the
// bearer token of the screen's own API requests, answered in-process through every check the browser's
// would pass (the admin guard, roles, validation), so the page shows exactly what the screen would.
// Anything short of a full answer (no cookie, an ended session, a forced password change, a render
// that throws) gives the page the build wrote, and the client takes over as before.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ADMIN_SCREEN_PAGES,
  type AdminApiFetch,
  type DrawSignedInScreen,
  DRAWN_PAGE_TEMPLATES,
  DRAWN_SCREEN_SLOT,
  QUERY_STATE_ID,
  QUERY_STATE_SLOT,
  SERVER_DRAWN_SCREENS,
  SESSION_COOKIE,
} from '#shared/admin-prerendered.ts';
import { scriptSafeJson } from '../../lib/script-safe-json.ts';

interface AdminScreens {
  drawSignedInScreen: DrawSignedInScreen;
}

/** Who the session belongs to: answers 200 only for a session that is still valid. */
const ME = '/api/admin/me';

/** A session token as the admin guard reads it from the bearer header. */
const SESSION_TOKEN = /^[A-Za-z0-9_-]{16,200}$/;

export interface AdminDrawnPages {
  /** The page of `screen` drawn for the admin whose session `request` carries, or null. */
  page(request: FastifyRequest, screen: string): Promise<string | null>;
}

/** The screen's API requests, answered by `app` as the admin the token belongs to. */
function inProcessApi(app: FastifyInstance, request: FastifyRequest, token: string): AdminApiFetch {
  return async (url, init) => {
    // Drawing a page only reads: anything else is refused, never carried out.
    if ((init.method ?? 'GET') !== 'GET') return new Response(null, { status: 405 });
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
      remoteAddress: request.ip,
    });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.payload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
    });
  };
}

/**
 * The drawn pages of the build in `webRoot`, with the renderer `ssrEntry` loaded on the first one
 * (an idle server never loads it); undefined when the build has no such pages.
 */
export function createAdminDrawnPages(
  app: FastifyInstance,
  webRoot: string,
  ssrEntry: string,
): AdminDrawnPages | undefined {
  const templatesDir = path.join(webRoot, ADMIN_SCREEN_PAGES, DRAWN_PAGE_TEMPLATES);
  if (!fs.existsSync(ssrEntry) || !fs.existsSync(templatesDir)) return undefined;
  const templates = new Map(
    SERVER_DRAWN_SCREENS.filter((screen) => fs.existsSync(path.join(templatesDir, `${screen}.html`))).map(
      (screen) => [screen, fs.readFileSync(path.join(templatesDir, `${screen}.html`), 'utf8')],
    ),
  );
  let renderer: Promise<AdminScreens> | undefined;

  return {
    async page(request, screen) {
      const template = templates.get(screen);
      const token = request.cookies[SESSION_COOKIE];
      if (!template || !token || !SESSION_TOKEN.test(token)) return null;
      try {
        // The session first, as cheaply as any API request checks it: a made-up cookie costs no render.
        const api = inProcessApi(app, request, token);
        if (!(await api(ME, { method: 'GET' })).ok) return null;
        renderer ??= import(pathToFileURL(ssrEntry).href) as Promise<AdminScreens>;
        const { drawSignedInScreen } = await renderer;
        const drawn = await drawSignedInScreen(request.url, api);
        if (!drawn) return null;
        const state = `\n    <script type="application/json" id="${QUERY_STATE_ID}">${scriptSafeJson(drawn.state)}</script>`;
        // Replaced by functions: a `$&` in an admin's data is text, not a replacement pattern.
        return template.replace(DRAWN_SCREEN_SLOT, () => drawn.markup).replace(QUERY_STATE_SLOT, () => state);
      } catch (error) {
        request.log.error(
          { err: error },
          `drawing the admin's ${screen} screen failed; sent its page without`,
        );
        return null;
      }
    },
  };
}
