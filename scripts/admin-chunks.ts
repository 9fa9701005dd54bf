// How the admin's browser build groups its code (vite.config.ts, docs/decisions/0489). Each screen is
// its own chunk (React.lazy in src/web/admin/app.tsx), and left to itself Rollup makes one more chunk
// for every set of screens that shares a module — an icon three screens use, a hook five use — so the
// dashboard's page asked for 49 files, most of 1–2 KB, before it could draw. Here the code that two
// or more screens share and the admin's entry does not load goes into one chunk, `admin-shared`: a
// screen costs the entry's chunk, that one and its own.
import type { Rollup } from 'vite';

type GetModuleInfo = Rollup.GetModuleInfo;

const ADMIN_ENTRY = /\/src\/web\/admin\/main\.tsx$/;

/** Every module `root` reaches through static imports. */
function staticallyReached(root: string, getModuleInfo: GetModuleInfo): Set<string> {
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The build's `manualChunks` (with `onlyExplicitManualChunks`, so a shared module's dependencies are
 * not pulled in with it): the modules two or more lazy modules reach and the entry does not.
 */
export function adminChunks(): Rollup.ManualChunksOption {
  let shared: Set<string> | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!shared) {
      const all = [...getModuleIds()];
      const entry = all.find((candidate) => ADMIN_ENTRY.test(candidate));
      if (!entry)
        throw new Error('admin-chunks: the admin entry (src/web/admin/main.tsx) is not in the build');
      const eager = staticallyReached(entry, getModuleInfo);
      const reachedBy = new Map<string, number>();
      const lazyRoots = all.filter(
        (candidate) => candidate !== entry && (getModuleInfo(candidate)?.dynamicImporters.length ?? 0) > 0,
      );
      for (const lazy of lazyRoots)
        for (const reached of staticallyReached(lazy, getModuleInfo))
          reachedBy.set(reached, (reachedBy.get(reached) ?? 0) + 1);
      shared = new Set(
        [...reachedBy]
          .filter(
            ([reached, lazyModules]) => lazyModules >= 2 && !eager.has(reached) && !reached.startsWith('\0'),
          )
          .map(([reached]) => reached),
      );
    }
    return shared.has(id) ? 'admin-shared' : undefined;
  };
}
