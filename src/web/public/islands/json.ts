// What survives the trip from the server to the browser: an island's props are written into the page
// with JSON.stringify (island.tsx) and read back with JSON.parse (hydrate-island.tsx), so anything
// else type-checks on the server and arrives changed. A Date arrives as a string, a function, a Map or
// a Set as nothing or {}, `undefined` in an array as null. Props typed as these are refused by
// `npm run typecheck` (islands.ts, island.tsx; json.test.ts shows it).
//
// Two limits of the type: a number that is NaN or Infinity still arrives as null, and an object
// declared with `interface` is refused even when its fields are JSON (TypeScript gives interfaces no
// index signature) — declare props with `type`, as the zod-inferred content types are.

export type JsonPrimitive = string | number | boolean | null;

/** A value JSON.stringify writes and JSON.parse gives back unchanged. */
export type Json = JsonPrimitive | readonly Json[] | JsonObject;

/** An object of JSON values; a property may be undefined (it is left out, and reads back as undefined). */
export type JsonObject = { readonly [key: string]: Json | undefined };
