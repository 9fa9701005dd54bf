/**
 * Binds a feature's dependencies to its named functions, so a service object is a thin list of
 * `name: bind(name)` lines while the functions stay plain, exported and followable (decision 0425).
 */
export function bindDeps<Deps>(deps: Deps) {
  return <Args extends unknown[], Result>(fn: (deps: Deps, ...args: Args) => Result) =>
    (...args: Args): Result =>
      fn(deps, ...args);
}
