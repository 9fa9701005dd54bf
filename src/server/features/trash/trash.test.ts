import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { TRASH_DAYS } from '#shared/constants.ts';
import { storeEnquiries as writeEnquiries } from '../../testing/enquiries.ts';
import { describeEachDatabase } from '../../testing/harness.ts';

const DAY = 24 * 60 * 60 * 1000;

// Recently deleted (issue 17): a deletion can be undone exactly for TRASH_DAYS days; then it is purged
// with the files nothing else names. Personal-data erasure takes the trash with it at once.
describeEachDatabase('recently deleted', (ctx) => {
  const trash = async (token: string) =>
    (await ctx().request({ method: 'GET', url: '/api/admin/trash', token })).json<{
      items: { kind: string; id: number; title: string; deleted_at: string; purge_at: string }[];
    }>().items;
  /** Enquiries as the form would have stored them; returns their ids. */
  const storeEnquiries = async (
    enquiries: { name: string; email: string; organisation?: string; message?: string; status: string }[],
  ) =>
    writeEnquiries(
      ctx().db,
      ctx().clock.now(),
      enquiries.map((enquiry) => ({ organisation: '', message: 'Hello', ...enquiry })),
    );
  const restore = (token: string, items: { kind: string; id: number }[]) =>
    ctx().request({ method: 'POST', url: '/api/admin/trash/restore', token, payload: { items } });

  it('puts a deleted event back exactly: same id, fields and times, on the public list again', async () => {
    const { token } = await ctx().loginAs();
    const created = await ctx().request({
      method: 'POST',
      url: '/api/admin/events',
      token,
      payload: { name: 'Undo Fair', location: 'York', date: '2099-05-01', link: 'https://undo.example' },
    });
    const event = created.json<{ id: number }>();
    ctx().clock.advance(60_000);
    expect(
      (await ctx().request({ method: 'DELETE', url: `/api/admin/events/${event.id}`, token })).statusCode,
    ).toBe(200);
    const publicNames = async () =>
      (await ctx().request({ method: 'GET', url: '/api/cms/events' }))
        .json<{ events: { name: string }[] }>()
        .events.map((e) => e.name);
    expect(await publicNames()).not.toContain('Undo Fair');

    const [held] = (await trash(token)).filter((item) => item.kind === 'events' && item.id === event.id);
    expect(held).toMatchObject({ title: 'Undo Fair' });
    expect(Date.parse(held!.purge_at) - Date.parse(held!.deleted_at)).toBe(TRASH_DAYS * DAY);

    const restored = await restore(token, [{ kind: 'events', id: event.id }]);
    expect(restored.json()).toEqual({ success: true, restored: 1 });
    const back = (await ctx().request({ method: 'GET', url: '/api/admin/events', token })).json<
      { id: number }[]
    >();
    expect(back.find((e) => e.id === event.id)).toEqual(created.json());
    expect(await publicNames()).toContain('Undo Fair');
    expect((await trash(token)).some((item) => item.kind === 'events' && item.id === event.id)).toBe(false);
  });

  it('restores bulk-deleted enquiries with their status, and restores nothing when one asked for is not there', async () => {
    const { token } = await ctx().loginAs();
    const ids = await storeEnquiries([
      { name: 'Ann', email: 'ann@example.com', organisation: 'Scouts', status: 'contacted' },
      { name: 'Ben', email: 'ben@example.com', status: 'booked' },
    ]);
    const before = (await ctx().request({ method: 'GET', url: '/api/enquiries', token }))
      .json<{
        enquiries: { id: number }[];
      }>()
      .enquiries.filter((e) => ids.includes(e.id));
    const deleted = await ctx().request({
      method: 'POST',
      url: '/api/admin/enquiries/bulk-delete',
      token,
      payload: ids,
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      (await trash(token)).filter((item) => item.kind === 'enquiries').map((item) => item.title),
    ).toEqual(expect.arrayContaining(['Ann (Scouts)', 'Ben']));

    const refused = await restore(token, [
      { kind: 'enquiries', id: ids[0]! },
      { kind: 'events', id: 2147483647 },
    ]);
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ detail: string }>().detail).toMatch(/events 2147483647; nothing was restored/);

    expect(
      (
        await restore(
          token,
          ids.map((id) => ({ kind: 'enquiries', id })),
        )
      ).json(),
    ).toEqual({ success: true, restored: 2 });
    const after = (await ctx().request({ method: 'GET', url: '/api/enquiries', token }))
      .json<{
        enquiries: { id: number }[];
      }>()
      .enquiries.filter((e) => ids.includes(e.id));
    expect(after).toEqual(before);
  });

  it('deletes and restores an item once when the same click arrives many times at once; the others hear 404', async () => {
    const { token } = await ctx().loginAs();
    const [id] = await storeEnquiries([{ name: 'Twice Clicked', email: 'twice@example.com', status: 'new' }]);

    const deletions = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx().request({ method: 'DELETE', url: `/api/admin/enquiries/${id}`, token }),
      ),
    );
    expect(deletions.map((answer) => answer.statusCode).sort()).toEqual([200, 404, 404, 404, 404, 404]);

    const answers = await Promise.all(
      Array.from({ length: 6 }, () => restore(token, [{ kind: 'enquiries', id: id! }])),
    );

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404, 404, 404, 404, 404]);
    const rows = await ctx().db.selectFrom('enquiries').select('id').where('id', '=', id!).execute();
    expect(rows).toHaveLength(1);
    expect((await trash(token)).filter((item) => item.kind === 'enquiries')).toEqual([]);
  });

  it('audit-logs what was restored: kind, id and title — an enquiry by its id only, as its deletion was', async () => {
    const { token, id: adminId } = await ctx().loginAs();
    const event = (
      await ctx().request({
        method: 'POST',
        url: '/api/admin/events',
        token,
        payload: { name: 'Undo Fair', location: 'York', date: '2099-05-01' },
      })
    ).json<{ id: number }>().id;
    const [enquiry] = await storeEnquiries([
      { name: 'Dana Private', email: 'dana@example.com', organisation: 'Dana Ltd', status: 'new' },
    ]);
    await ctx().request({ method: 'DELETE', url: `/api/admin/events/${event}`, token });
    await ctx().request({ method: 'DELETE', url: `/api/admin/enquiries/${enquiry}`, token });
    const restoreAll = [
      { kind: 'events', id: event },
      { kind: 'enquiries', id: enquiry! },
    ];
    expect((await restore(token, restoreAll)).statusCode).toBe(200);
    await ctx().request({ method: 'DELETE', url: `/api/admin/events/${event}`, token });
    expect((await restore(token, [{ kind: 'events', id: event }])).statusCode).toBe(200);

    const audit = await ctx().request({ method: 'GET', url: '/api/admin/audit', token });
    const restores = audit
      .json<{ entries: { action: string; admin_id: number; target_id: string | null; detail: string }[] }>()
      .entries.filter((entry) => entry.action === 'POST /api/admin/trash/restore');
    expect(restores.map((entry) => [entry.admin_id, entry.target_id, JSON.parse(entry.detail)])).toEqual([
      [adminId, String(event), { items: [{ kind: 'events', id: event, title: 'Undo Fair' }] }],
      [
        adminId,
        null,
        {
          items: [
            { kind: 'events', id: event, title: 'Undo Fair' },
            { kind: 'enquiries', id: enquiry },
          ],
        },
      ],
    ]);
    // The log's rows keep no personal data; the screen names a live enquiry when it reads the log
    // (target_label, issue 28), never from the rows.
    const rows = await ctx().db.selectFrom('audit_log').selectAll().execute();
    expect(JSON.stringify(rows)).not.toMatch(/Dana/);
  });

  it('keeps a long restore’s audit detail whole: the items that fit, and how many more', async () => {
    const { token } = await ctx().loginAs();
    const ids = await storeEnquiries(
      Array.from({ length: 500 }, (_, n) => ({ name: `P${n}`, email: `p${n}@example.com`, status: 'new' })),
    );
    await ctx().request({ method: 'POST', url: '/api/admin/enquiries/bulk-delete', token, payload: ids });
    expect(
      (
        await restore(
          token,
          ids.map((id) => ({ kind: 'enquiries', id })),
        )
      ).statusCode,
    ).toBe(200);

    const [entry] = await ctx()
      .db.selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'POST /api/admin/trash/restore')
      .execute();
    const detail = JSON.parse(entry!.detail!) as { items: { id: number }[]; items_total: number };
    expect(detail.items.map((item) => item.id)).toEqual(ids.slice(0, detail.items.length));
    expect(detail.items.length).toBeGreaterThan(100);
    expect(detail.items_total).toBe(500);
  });

  it(`purges after ${TRASH_DAYS} days, with the uploaded files that nothing else names`, async () => {
    const { token } = await ctx().loginAs();
    const dir = ctx().config.uploadDir;
    fs.mkdirSync(dir, { recursive: true });
    for (const name of ['only-trashed.jpg', 'shared.jpg']) fs.writeFileSync(path.join(dir, name), 'x');
    const add = async (title: string, file: string) =>
      (
        await ctx().request({
          method: 'POST',
          url: '/api/admin/gallery',
          token,
          payload: { title, image_url: `/uploads/${file}`, alt_text: title },
        })
      ).json<{ id: number }>().id;
    const gone = await add('Gone', 'only-trashed.jpg');
    const kept = await add('Gone too', 'shared.jpg');
    await add('Still here', 'shared.jpg');
    for (const id of [gone, kept])
      await ctx().request({ method: 'DELETE', url: `/api/admin/gallery/${id}`, token });

    ctx().clock.advance(TRASH_DAYS * DAY - 1);
    expect(await ctx().services.trash.purgeExpired()).toBe(0);
    ctx().clock.advance(2);
    expect(await ctx().services.trash.purgeExpired()).toBeGreaterThanOrEqual(2);
    expect(fs.existsSync(path.join(dir, 'only-trashed.jpg'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'shared.jpg'))).toBe(true);
    const { token: later } = await ctx().loginAs();
    expect((await trash(later)).some((item) => item.id === gone || item.id === kept)).toBe(false);
  });

  it('erases a person’s recently deleted enquiries with the rest, at once', async () => {
    const owner = await ctx().loginAs({ role: 'superadmin' });
    const [id] = await storeEnquiries([
      { name: 'Erin', email: 'Erin@Example.com', message: 'Please forget me', status: 'new' },
    ]);
    await ctx().request({ method: 'DELETE', url: `/api/admin/enquiries/${id}`, token: owner.token });
    const found = await ctx().request({
      method: 'GET',
      url: '/api/admin/data-subject?email=erin@example.com',
      token: owner.token,
    });
    expect(JSON.stringify(found.json())).toContain('Please forget me');
    const erased = await ctx().request({
      method: 'DELETE',
      url: '/api/admin/data-subject?email=erin@example.com',
      token: owner.token,
    });
    expect(erased.statusCode).toBe(200);
    expect((await trash(owner.token)).some((item) => item.kind === 'enquiries' && item.id === id)).toBe(
      false,
    );
  });
});
