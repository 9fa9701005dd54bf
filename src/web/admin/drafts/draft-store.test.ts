import { describe, expect, it } from 'vitest';
import { DRAFT_MAX_AGE_MS, draftStore, withoutSecrets, type DraftStorage } from './draft-store.ts';

/** An in-memory Web Storage. */
function memoryStorage(): DraftStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get length() {
      return entries.size;
    },
    key: (index) => [...entries.keys()][index] ?? null,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

function setup() {
  const storage = memoryStorage();
  let time = Date.UTC(2030, 0, 1);
  const store = draftStore(storage, () => time);
  return { storage, store, advance: (ms: number) => (time += ms) };
}

describe('draft store', () => {
  it('gives a draft back to the same admin for the same form only', () => {
    const { store } = setup();
    store.save(1, 'content:events:new', { name: 'Summer Fest', location: 'Leeds', order: 0 });
    expect(store.read(1, 'content:events:new')).toEqual({ name: 'Summer Fest', location: 'Leeds', order: 0 });
    expect(store.read(2, 'content:events:new')).toBeNull();
    expect(store.read(1, 'content:events:7')).toBeNull();
    expect(store.read(1, 'content:badges:new')).toBeNull();
  });

  it('never writes a password, a code or a token, at any depth', () => {
    const { store, storage } = setup();
    store.save(1, 'form', {
      host: 'smtp.example.co.uk',
      password: 'hunter2-secret',
      smtp_password: 'another-one',
      current_password: 'x1',
      totp_code: '123456',
      code: '654321',
      recovery_code: 'ABCD-EFGH',
      access_token: 'tok',
      nested: { secret: 's', keep: 'yes' },
      company_number: 'SC987650',
    });
    const written = [...storage.entries.values()].join('\n');
    for (const secret of [
      'hunter2-secret',
      'another-one',
      'x1',
      '123456',
      '654321',
      'ABCD-EFGH',
      'tok',
      '"s"',
    ])
      expect(written).not.toContain(secret);
    expect(store.read(1, 'form')).toEqual({
      host: 'smtp.example.co.uk',
      nested: { keep: 'yes' },
      company_number: 'SC987650',
    });
  });

  it('drops a draft older than a week, and one it cannot read', () => {
    const { store, storage, advance } = setup();
    store.save(1, 'old', { name: 'a' });
    advance(DRAFT_MAX_AGE_MS + 1);
    store.save(1, 'fresh', { name: 'b' });
    expect(store.read(1, 'old')).toBeNull();
    expect(storage.entries.has('adminDraft:1:old')).toBe(false);
    storage.setItem('adminDraft:1:broken', '{not json');
    storage.setItem('adminDraft:1:shapeless', JSON.stringify({ values: 'text' }));
    expect(store.read(1, 'broken')).toBeNull();
    store.prune();
    expect([...storage.entries.keys()]).toEqual(['adminDraft:1:fresh']);
  });

  it("removes one form's draft, or every draft of one admin and no one else's", () => {
    const { store, storage } = setup();
    store.save(1, 'a', { x: 1 });
    store.save(1, 'b', { x: 2 });
    store.save(12, 'a', { x: 3 });
    storage.setItem('adminToken', 'kept');
    store.remove(1, 'a');
    expect(store.read(1, 'a')).toBeNull();
    expect(store.read(1, 'b')).toEqual({ x: 2 });
    store.removeAllOf(1);
    expect([...storage.entries.keys()].sort()).toEqual(['adminDraft:12:a', 'adminToken']);
  });

  it('loses only the draft when the storage is full', () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const store = draftStore(storage);
    expect(() => store.save(1, 'a', { x: 1 })).not.toThrow();
    expect(store.read(1, 'a')).toBeNull();
  });

  it('filters secrets out of values it is given directly', () => {
    expect(withoutSecrets({ name: 'n', newPassword: 'p', twoFactorSecret: 's' })).toEqual({ name: 'n' });
  });

  it('keeps the version a draft was typed on, and none for a form of a record without one', () => {
    const { store, storage } = setup();
    store.save(1, 'bookings:12', { notes: 'Gate by the barn' }, 4);
    store.save(1, 'settings:business-details', { phone: '01234 567890' });
    expect(store.basis(1, 'bookings:12')).toBe(4);
    expect(store.read(1, 'bookings:12')).toEqual({ notes: 'Gate by the barn' });
    expect(store.basis(1, 'settings:business-details')).toBeNull();
    expect(store.basis(2, 'bookings:12')).toBeNull();
    // A version that is not a whole number (an edited or older entry) is as good as none.
    storage.setItem(
      'adminDraft:1:bookings:13',
      JSON.stringify({ savedAt: Date.UTC(2030, 0, 1), values: {}, basis: '4' }),
    );
    expect(store.basis(1, 'bookings:13')).toBeNull();
  });
});
