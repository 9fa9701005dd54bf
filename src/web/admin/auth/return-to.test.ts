import { describe, expect, it } from 'vitest';
import { isReturnablePath, returnStore, type ReturnStorage } from './return-to.ts';

function memoryStorage(): ReturnStorage {
  const entries = new Map<string, string>();
  return {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

describe('return to the same screen', () => {
  it('gives the screen back once, to the admin who left it', () => {
    const store = returnStore(memoryStorage());
    store.remember('/admin/events?edit=new', 7);
    expect(store.pending()).toBe(true);
    expect(store.take(7)).toBe('/admin/events?edit=new');
    expect(store.take(7)).toBeNull();
  });

  it('sends someone else to the start instead, and forgets the screen', () => {
    const store = returnStore(memoryStorage());
    store.remember('/admin/settings', 7);
    expect(store.take(8)).toBeNull();
    expect(store.take(7)).toBeNull();
  });

  it('keeps the owner when the guard records the same screen without one', () => {
    const store = returnStore(memoryStorage());
    store.remember('/admin/events?edit=3', 7);
    store.remember('/admin/events?edit=3', null);
    expect(store.take(8)).toBeNull();
    store.remember('/admin/events?edit=3', 7);
    store.remember('/admin/gallery', null);
    expect(store.take(8)).toBe('/admin/gallery');
  });

  it('takes only admin screens of this site', () => {
    for (const path of ['/admin', '/admin/dashboard', '/admin/events?edit=new', '/admin?x=1'])
      expect(isReturnablePath(path), path).toBe(true);
    for (const path of [
      'https://evil.example/admin/',
      '//evil.example/admin/',
      '/administrator',
      '/',
      '/admin/login',
      '/admin/login?next=x',
      '/admin/forgot-password',
      '/admin/reset-password?token=abc',
    ])
      expect(isReturnablePath(path), path).toBe(false);
    const store = returnStore(memoryStorage());
    store.remember('/admin/login', 7);
    expect(store.pending()).toBe(false);
  });

  it('ignores what it cannot read, and forgets on request', () => {
    const storage = memoryStorage();
    const store = returnStore(storage);
    storage.setItem('adminReturnTo', '{oops');
    expect(store.take(1)).toBeNull();
    storage.setItem('adminReturnTo', JSON.stringify({ path: '//evil.example', userId: 1 }));
    expect(store.take(1)).toBeNull();
    store.remember('/admin/videos', 1);
    store.forget();
    expect(store.pending()).toBe(false);
  });
});
