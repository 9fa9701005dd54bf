import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerAuditTrail } from '../../plugins/audit-trail.ts';
import { detailText, MAX_DETAIL_CHARS, type AuditRecord, type AuditService } from './service.ts';
import { storeEnquiries } from '../../testing/enquiries.ts';
import { describeEachDatabase } from '../../testing/harness.ts';

interface Entry {
  id: number;
  action: string;
  admin_id: number | null;
  actor: string;
  route: string | null;
  target_id: string | null;
  detail: string | null;
  target_exists: boolean | null;
}

describeEachDatabase('audit log', (ctx) => {
  const entries = async (token: string, query = '') => {
    const response = await ctx().request({ method: 'GET', url: `/api/admin/audit${query}`, token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ entries: Entry[]; next_before: number | null }>();
  };

  it('records content writes with who, what and which id — and not reads or failed writes', async () => {
    const boss = await ctx().loginAs({ email: 'boss@example.com' });
    const created = await ctx().request({
      method: 'POST',
      url: '/api/admin/events',
      token: boss.token,
      payload: { name: 'Fest', location: 'Leeds', date: '2026-08-01' },
    });
    const id = created.json<{ id: number }>().id;
    await ctx().request({
      method: 'PUT',
      url: `/api/admin/events/${id}`,
      token: boss.token,
      payload: { name: 'Fest 2' },
    });
    await ctx().request({ method: 'DELETE', url: `/api/admin/events/${id}`, token: boss.token });
    await ctx().request({ method: 'DELETE', url: '/api/admin/events/999', token: boss.token }); // 404: not recorded
    await ctx().request({ method: 'GET', url: '/api/admin/events', token: boss.token }); // read: not recorded

    const { entries: list } = await entries(boss.token);
    const writes = list.filter((e) => e.route?.startsWith('/api/admin/events'));
    expect(writes.map((e) => [e.action, e.target_id, e.admin_id, e.actor])).toEqual([
      ['DELETE /api/admin/events/:id', String(id), boss.id, 'boss@example.com'],
      ['PUT /api/admin/events/:id', String(id), boss.id, 'boss@example.com'],
      ['POST /api/admin/events', String(id), boss.id, 'boss@example.com'],
    ]);
  });

  it('keeps the name each item had at the time, what kind of change it was, and whether it still exists', async () => {
    const boss = await ctx().loginAs({ email: 'boss@example.com' });
    const add = async (name: string, date: string) =>
      (
        await ctx().request({
          method: 'POST',
          url: '/api/admin/events',
          token: boss.token,
          payload: { name, location: 'Leeds', date },
        })
      ).json<{ id: number }>().id;
    const kept = await add('Summer Music Festival', '2026-08-01');
    const gone = await add('Winter Fair', '2026-12-05');
    const put = (id: number, payload: object) =>
      ctx().request({ method: 'PUT', url: `/api/admin/events/${id}`, token: boss.token, payload });
    await put(kept, { is_active: false });
    await put(kept, { is_active: true });
    await put(kept, { name: 'Summer Festival' });
    await ctx().request({ method: 'DELETE', url: `/api/admin/events/${gone}`, token: boss.token });

    const { entries: list } = await entries(boss.token);
    const events = list.filter((e) => e.route?.startsWith('/api/admin/events'));
    expect(
      events.map((e) => [e.action, e.target_id, JSON.parse(e.detail ?? '{}') as object, e.target_exists]),
    ).toEqual([
      ['DELETE /api/admin/events/:id', String(gone), { name: 'Winter Fair' }, false],
      ['PUT /api/admin/events/:id', String(kept), { name: 'Summer Festival', change: 'edited' }, true],
      ['PUT /api/admin/events/:id', String(kept), { name: 'Summer Music Festival', change: 'shown' }, true],
      ['PUT /api/admin/events/:id', String(kept), { name: 'Summer Music Festival', change: 'hidden' }, true],
      ['POST /api/admin/events', String(gone), { name: 'Winter Fair' }, false],
      ['POST /api/admin/events', String(kept), { name: 'Summer Music Festival' }, true],
    ]);
  });

  it('records sign-ins and failed sign-ins, including unknown accounts', async () => {
    const boss = await ctx().loginAs({ email: 'boss@example.com' });
    await ctx().request({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'boss@example.com', password: 'wrong password' },
    });
    await ctx().request({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'Ghost@Example.com', password: 'whatever' },
    });
    const { entries: list } = await entries(boss.token);
    expect(list.map((e) => [e.action, e.actor, e.admin_id])).toEqual([
      ['login.failed', 'ghost@example.com', null],
      ['login.failed', 'boss@example.com', boss.id],
      ['login', 'boss@example.com', boss.id],
    ]);
    expect(list[0]!.detail).toContain('unknown account');
  });

  it('records user creation and deletion through the generic hook', async () => {
    const boss = await ctx().loginAs();
    const created = await ctx().request({
      method: 'POST',
      url: '/api/admin/users',
      token: boss.token,
      payload: { username: 'helper', email: 'helper@example.com', password: 'a decent passphrase' },
    });
    const id = created.json<{ admin: { id: number } }>().admin.id;
    await ctx().request({ method: 'DELETE', url: `/api/admin/users/${id}`, token: boss.token });
    const actions = (await entries(boss.token)).entries.map((e) => [e.action, e.target_id]);
    expect(actions.slice(0, 2)).toEqual([
      ['DELETE /api/admin/users/:id', String(id)],
      ['POST /api/admin/users', String(id)],
    ]);
    const [deleted] = (await entries(boss.token)).entries;
    expect(deleted).toMatchObject({ detail: JSON.stringify({ name: 'helper' }), target_exists: false });
  });

  it('covers other features through the same hook, e.g. analytics reset', async () => {
    const boss = await ctx().loginAs();
    const reset = await ctx().request({
      method: 'DELETE',
      url: '/api/admin/analytics/reset',
      token: boss.token,
    });
    expect(reset.statusCode, reset.body).toBeLessThan(400);
    const [latest] = (await entries(boss.token)).entries;
    expect(latest).toMatchObject({ action: 'DELETE /api/admin/analytics/reset', admin_id: boss.id });
  });

  it('names every enquiry of the largest bulk delete (1,000) in one entry that stays readable', async () => {
    const boss = await ctx().loginAs({ email: 'boss@example.com' });
    const ids = await storeEnquiries(
      ctx().db,
      Date.now(),
      Array.from({ length: 1000 }, () => ({})),
    );
    const deleted = await ctx().request({
      method: 'POST',
      url: '/api/admin/enquiries/bulk-delete',
      token: boss.token,
      payload: ids,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const entry = (await entries(boss.token)).entries.find((e) => e.action.endsWith('/bulk-delete'));
    // Before, the detail was cut at 2,000 characters into text that was no longer JSON.
    expect(JSON.parse(entry?.detail ?? 'null')).toEqual({ ids });
  });

  it('only a superadmin reads it', async () => {
    const admin = await ctx().loginAs({ role: 'admin' });
    const response = await ctx().request({ method: 'GET', url: '/api/admin/audit', token: admin.token });
    expect(response.statusCode).toBe(403);
    expect((await ctx().request({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });

  it('pages newest first with limit and before', async () => {
    const boss = await ctx().loginAs();
    for (let i = 0; i < 5; i += 1) {
      await ctx().services.audit.record({ adminId: boss.id, actor: 'x', action: `test.${i}` });
    }
    const page1 = await entries(boss.token, '?limit=2');
    expect(page1.entries.map((e) => e.action)).toEqual(['test.4', 'test.3']);
    expect(page1.next_before).toBe(page1.entries[1]!.id);
    const page2 = await entries(boss.token, `?limit=2&before=${page1.next_before}`);
    expect(page2.entries.map((e) => e.action)).toEqual(['test.2', 'test.1']);
    const bad = await ctx().request({ method: 'GET', url: '/api/admin/audit?limit=0', token: boss.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toContain('limit');
  });
});

describe('an audit entry at its size cap', () => {
  it('halves its lists and keeps their whole length, cuts its text, and is always JSON', () => {
    const ids = Array.from({ length: 5000 }, (_, index) => 1_000_000 + index);
    const text = detailText({ ids, name: 'x'.repeat(20_000), change: 'edited' });
    expect(text.length).toBeLessThanOrEqual(MAX_DETAIL_CHARS);
    const kept = JSON.parse(text) as { ids: number[]; ids_total: number; name: string; change: string };
    expect(kept).toMatchObject({ ids_total: 5000, change: 'edited', name: 'x'.repeat(500) });
    expect(kept.ids).toEqual(ids.slice(0, kept.ids.length));
    expect(kept.ids.length).toBeGreaterThan(500);
    expect(detailText({ ids: [1, 2] })).toBe('{"ids":[1,2]}');
    expect(JSON.parse(detailText({ deep: { text: 'y'.repeat(20_000) } }))).toEqual({ cut: true });
  });
});

describe('audit trail hook', () => {
  it('records successful admin writes with route pattern, id and bulk ids; skips reads, failures, opt-outs and anonymous calls', async () => {
    const recorded: AuditRecord[] = [];
    const audit: Pick<AuditService, 'record'> = {
      record: async (entry: AuditRecord) => void recorded.push(entry),
    };
    const app = Fastify();
    app.decorateRequest('admin', null);
    app.addHook('onRequest', async (request) => {
      if (request.headers['x-test-admin']) {
        request.admin = {
          id: 7,
          username: 'boss',
          email: 'boss@example.com',
          role: 'superadmin',
          forcePasswordChange: false,
          sessionId: 1,
        };
      }
    });
    registerAuditTrail(app, audit, { nameOf: async () => null });
    app.post('/api/admin/things/bulk-delete', async () => ({ success: true }));
    app.delete('/api/admin/things/:id', async () => ({ success: true }));
    app.put('/api/admin/things/:id', async (_request, reply) =>
      reply.code(400).send({ detail: 'no', code: 'X' }),
    );
    app.get('/api/admin/things', async () => []);
    app.post('/api/admin/own-entry', { config: { audit: false } }, async () => ({ success: true }));
    const admin = { 'x-test-admin': '1' };

    await app.inject({
      method: 'POST',
      url: '/api/admin/things/bulk-delete',
      headers: admin,
      payload: [3, 4],
    });
    await app.inject({ method: 'DELETE', url: '/api/admin/things/12', headers: admin });
    await app.inject({ method: 'PUT', url: '/api/admin/things/12', headers: admin, payload: {} });
    await app.inject({ method: 'GET', url: '/api/admin/things', headers: admin });
    await app.inject({ method: 'POST', url: '/api/admin/own-entry', headers: admin });
    await app.inject({ method: 'DELETE', url: '/api/admin/things/13' });
    await app.close();

    expect(recorded).toEqual([
      expect.objectContaining({
        adminId: 7,
        actor: 'boss@example.com',
        action: 'POST /api/admin/things/bulk-delete',
        targetId: null,
        detail: { ids: [3, 4] },
      }),
      expect.objectContaining({
        adminId: 7,
        action: 'DELETE /api/admin/things/:id',
        route: '/api/admin/things/:id',
        targetId: '12',
        detail: null,
      }),
    ]);
  });
});
