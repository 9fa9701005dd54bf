/** Time as the app sees it; tests pass a controllable clock to walk through expiry rules. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export const toIso = (epochMs: number) => new Date(epochMs).toISOString();
