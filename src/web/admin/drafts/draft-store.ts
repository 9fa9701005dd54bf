// Unsaved admin form drafts kept in the browser (issue 28, decision 0441): per signed-in admin and
// per form, so an inactivity sign-out loses no work and the next person on the same browser sees none
// of it. localStorage rather than sessionStorage: the sign-out often comes while the owner is away,
// and the tab may be closed or the browser restarted before they sign in again. A draft never holds
// a password, a 2FA or recovery code or a token, and is dropped after a week.

/** The part of the Web Storage API the store uses (a fake in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export type DraftValues = Record<string, unknown>;

export const DRAFT_PREFIX = 'adminDraft:';
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Field names that may carry a secret: never written, whatever form they are in. */
const SECRET_FIELD = /password|passphrase|secret|token|totp|otp|2fa|recovery|(^|_)code$/i;

interface StoredDraft {
  savedAt: number;
  values: DraftValues;
  /**
   * The version of the record the form was opened on when the draft was typed (a booking's), so a
   * draft brought back later is not saved as if it were made on the record as it is then.
   */
  basis?: number;
}

const keyOf = (userId: number, formKey: string) => `${DRAFT_PREFIX}${userId}:${formKey}`;

const isPlainObject = (value: unknown): value is DraftValues =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The values without any field whose name may carry a secret, at any depth. */
export function withoutSecrets(values: DraftValues): DraftValues {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([name]) => !SECRET_FIELD.test(name))
      .map(([name, value]) => [name, isPlainObject(value) ? withoutSecrets(value) : value]),
  );
}

function parse(text: string | null): StoredDraft | null {
  if (text === null) return null;
  try {
    const stored: unknown = JSON.parse(text);
    if (!isPlainObject(stored) || typeof stored.savedAt !== 'number' || !isPlainObject(stored.values))
      return null;
    const basis = Number.isSafeInteger(stored.basis) ? (stored.basis as number) : undefined;
    return { savedAt: stored.savedAt, values: stored.values, basis };
  } catch {
    return null;
  }
}

/** The keys of every stored draft (read first: removing while iterating would skip some). */
function draftKeys(storage: DraftStorage, prefix = DRAFT_PREFIX): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

export function draftStore(storage: DraftStorage, now: () => number = Date.now) {
  return {
    /**
     * Keeps the form's values, and the version of the record they were typed on when it has one; a
     * full storage or a private window only loses the draft.
     */
    save(userId: number, formKey: string, values: DraftValues, basis?: number): void {
      const stored: StoredDraft = { savedAt: now(), values: withoutSecrets(values), basis };
      try {
        storage.setItem(keyOf(userId, formKey), JSON.stringify(stored));
      } catch {
        // Nothing to do: the form itself still holds the values.
      }
    },
    /** The admin's draft of that form, unless it is missing, unreadable or older than a week. */
    read(userId: number, formKey: string): DraftValues | null {
      const key = keyOf(userId, formKey);
      const stored = parse(storage.getItem(key));
      if (stored && now() - stored.savedAt <= DRAFT_MAX_AGE_MS) return withoutSecrets(stored.values);
      storage.removeItem(key);
      return null;
    },
    /** The version of the record the admin's draft of that form was typed on, if it was kept. */
    basis(userId: number, formKey: string): number | null {
      const stored = parse(storage.getItem(keyOf(userId, formKey)));
      return stored?.basis ?? null;
    },
    remove(userId: number, formKey: string): void {
      storage.removeItem(keyOf(userId, formKey));
    },
    /** Every draft of one admin: a logout they chose leaves nothing of theirs behind. */
    removeAllOf(userId: number): void {
      for (const key of draftKeys(storage, `${DRAFT_PREFIX}${userId}:`)) storage.removeItem(key);
    },
    /** Drafts of anyone that are older than a week or unreadable. */
    prune(): void {
      for (const key of draftKeys(storage)) {
        const stored = parse(storage.getItem(key));
        if (!stored || now() - stored.savedAt > DRAFT_MAX_AGE_MS) storage.removeItem(key);
      }
    },
  };
}

export type DraftStore = ReturnType<typeof draftStore>;

/** The browser's store; read lazily so importing this module touches no storage. */
export const browserDrafts = (): DraftStore => draftStore(localStorage);
