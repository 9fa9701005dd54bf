import { expect, it } from 'vitest';
import { storeEnquiry } from '../../testing/enquiries.ts';
import { describeEachDatabase } from '../../testing/harness.ts';

const ADDRESS = 'Race.Subject@example.com';
const ROUNDS = 30;

async function afterTurns<T>(turns: number, send: () => Promise<T>): Promise<T> {
  for (let turn = 0; turn < turns; turn++) await new Promise((resolve) => setImmediate(resolve));
  return send();
}

// Issue 26: an erasure that answers "done" must be done, whatever a restore of the same person's
// deleted enquiry does at the same moment (docs/decisions/0438).
describeEachDatabase('personal-data erasure racing a restore', (ctx) => {
  /** Stores one enquiry from ADDRESS as the form would have, deletes it, and returns its id. */
  async function deletedEnquiry(token: string): Promise<number> {
    const id = await storeEnquiry(ctx().db, ctx().clock.now(), {
      name: 'Race Subject',
      email: ADDRESS,
      organisation: '',
      message: 'Please forget me',
    });
    const deleted = await ctx().request({ method: 'DELETE', url: `/api/admin/enquiries/${id}`, token });
    expect(deleted.statusCode).toBe(200);
    return id;
  }
  const restore = (token: string, id: number) =>
    ctx().request({
      method: 'POST',
      url: '/api/admin/trash/restore',
      token,
      payload: { items: [{ kind: 'enquiries', id }] },
    });
  const subject = (method: 'GET' | 'DELETE', token: string) =>
    ctx().request({
      method,
      url: `/api/admin/data-subject?email=${encodeURIComponent(ADDRESS.toLowerCase())}`,
      token,
    });
  const erase = (token: string) => subject('DELETE', token);
  /** Where the enquiry `id` is held now: live, in Recently deleted, both or neither. */
  async function whereHeld(token: string, id: number): Promise<string[]> {
    const live = (await ctx().request({ method: 'GET', url: '/api/enquiries', token }))
      .json<{ enquiries: { id: number }[] }>()
      .enquiries.some((enquiry) => enquiry.id === id);
    const trashed = (await ctx().request({ method: 'GET', url: '/api/admin/trash', token }))
      .json<{ items: { kind: string; id: number }[] }>()
      .items.some((item) => item.kind === 'enquiries' && item.id === id);
    return [...(live ? ['live'] : []), ...(trashed ? ['trashed'] : [])];
  }

  it(`leaves nothing of the person when a restore arrives at the same moment (${ROUNDS} rounds)`, async () => {
    const owner = await ctx().loginAs({ role: 'superadmin' });
    const wrong: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const id = await deletedEnquiry(owner.token);
      // Live or deleted, everything of the address was there all along: the erasure must count it all.
      const stored = (await subject('GET', owner.token)).json<{ enquiries: unknown[] }>().enquiries.length;
      // The erasure is sent a few turns of the event loop later in some rounds, so that on each
      // dialect the restore sometimes goes first and sometimes the erasure.
      const [restored, erased] = await Promise.all([
        restore(owner.token, id),
        afterTurns(round % 6, () => erase(owner.token)),
      ]);
      const held = await whereHeld(owner.token, id);
      const outcome = `restore ${restored.statusCode}, erasure ${erased.statusCode} ${erased.body}`;
      if (
        held.length > 0 ||
        ![200, 404].includes(restored.statusCode) ||
        erased.statusCode !== 200 ||
        erased.json<{ deleted: { enquiries: number } }>().deleted.enquiries !== stored
      )
        wrong.push(`round ${round}: ${outcome}; afterwards ${held.join(' and ') || 'gone'}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 404 to a restore after the erasure, and brings nothing back', async () => {
    const owner = await ctx().loginAs({ role: 'superadmin' });
    const id = await deletedEnquiry(owner.token);
    const erased = await erase(owner.token);
    expect(erased.json()).toMatchObject({ deleted: { enquiries: 1 } });

    const restored = await restore(owner.token, id);
    expect(restored.statusCode).toBe(404);
    expect(restored.json<{ detail: string }>().detail).toMatch(/Not in Recently deleted: enquiries/);
    expect(await whereHeld(owner.token, id)).toEqual([]);
  });
});
