// The items an audit entry can name (issue 16): content of the six kinds and admin accounts. Their
// names come from the features that own them, never from their tables.
import { CONTENT_KIND_NAMES, type ContentKind } from '#shared/schemas/content.ts';
import type { AuditTargets } from '../../plugins/audit-trail.ts';

const ADMIN_PREFIX = '/api/admin/';
const USERS = 'users';

export interface TargetOwners {
  content: {
    titleOf(kind: ContentKind, id: number): Promise<string | null>;
    existingIds(kind: ContentKind, ids: number[]): Promise<number[]>;
  };
  accounts: { usernameOf(id: number): Promise<string | null>; list(): Promise<{ id: number }[]> };
}

/** The kind of item an admin route writes (`/api/admin/events`, `/api/admin/events/:id`), if any. */
function kindOf(route: string | null): ContentKind | typeof USERS | null {
  if (!route?.startsWith(ADMIN_PREFIX)) return null;
  const [kind, param, ...rest] = route.slice(ADMIN_PREFIX.length).split('/');
  if (rest.length > 0 || (param !== undefined && param !== ':id')) return null;
  if (kind === USERS) return USERS;
  return (CONTENT_KIND_NAMES as string[]).includes(kind ?? '') ? (kind as ContentKind) : null;
}

export function createAuditTargets(owners: TargetOwners) {
  return {
    async nameOf(route: string, id: number): Promise<string | null> {
      const kind = kindOf(route);
      if (kind === USERS) return owners.accounts.usernameOf(id);
      return kind ? owners.content.titleOf(kind, id) : null;
    },

    /** For each entry: whether the item it names still exists, or null when it names none we link to. */
    async existence(
      entries: { route: string | null; target_id: string | null }[],
    ): Promise<(boolean | null)[]> {
      const wanted = new Map<string, Set<number>>();
      for (const entry of entries) {
        const kind = kindOf(entry.route);
        if (kind && entry.target_id)
          wanted.set(kind, (wanted.get(kind) ?? new Set()).add(Number(entry.target_id)));
      }
      const present = new Map<string, Set<number>>();
      for (const [kind, ids] of wanted) {
        const found =
          kind === USERS
            ? (await owners.accounts.list()).map((admin) => admin.id)
            : await owners.content.existingIds(kind as ContentKind, [...ids]);
        present.set(kind, new Set(found));
      }
      return entries.map((entry) => {
        const kind = kindOf(entry.route);
        if (!kind || !entry.target_id) return null;
        return present.get(kind)?.has(Number(entry.target_id)) ?? false;
      });
    },
  } satisfies AuditTargets & Record<string, unknown>;
}

export type AuditTargetLookup = ReturnType<typeof createAuditTargets>;
