// Nobody may delete themselves or the last superadmin (docs/product.md#roles) — the site must always keep
// someone who can manage superadmins.
import { expect, it } from 'vitest';
import { ERROR_CODES } from '#shared/errors.ts';
import { describeEachDatabase } from '../../testing/harness.ts';

describeEachDatabase('the last superadmin', (ctx) => {
  const deleteUser = (id: number, token: string) =>
    ctx().request({ method: 'DELETE', url: `/api/admin/users/${id}`, token });
  const superadmins = async () =>
    (await ctx().db.selectFrom('admin_users').select('id').where('role', '=', 'superadmin').execute()).map(
      (row) => row.id,
    );

  it('the only superadmin can be deleted neither by an admin nor by themselves', async () => {
    const boss = await ctx().loginAs({ role: 'superadmin' });
    const staff = await ctx().loginAs({ role: 'admin' });
    for (const token of [staff.token, boss.token]) {
      const response = await deleteUser(boss.id, token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: expect.any(String), code: ERROR_CODES.forbidden });
    }
    expect(await superadmins()).toEqual([boss.id]);
  });

  it('of two superadmins one may delete the other, but then the survivor cannot be deleted', async () => {
    const first = await ctx().loginAs({ role: 'superadmin' });
    const second = await ctx().loginAs({ role: 'superadmin' });
    // The second's request was let in before the first deleted them, and only reaches the delete after.
    const secondInFlight = await ctx().services.accounts.authenticate(second.token);
    expect(secondInFlight?.role).toBe('superadmin');

    expect((await deleteUser(second.id, first.token)).statusCode).toBe(200);
    await expect(ctx().services.accounts.remove(secondInFlight!, first.id)).rejects.toMatchObject({
      statusCode: 403,
      detail: 'The last superadmin cannot be deleted',
    });
    expect(await superadmins()).toEqual([first.id]);
  });

  it('two superadmins deleting each other at the same moment leave one of them', async () => {
    for (let round = 0; round < 5; round += 1) {
      const a = await ctx().loginAs({ role: 'superadmin' });
      const b = await ctx().loginAs({ role: 'superadmin' });
      const answers = await Promise.all([deleteUser(b.id, a.token), deleteUser(a.id, b.token)]);
      const statuses = answers.map((r) => r.statusCode).sort();
      // One delete wins; the other is refused (403 as the last superadmin, or 401 when its session
      // went with the deleted account before the request was let in).
      expect(statuses[0], `round ${round}`).toBe(200);
      expect([401, 403], `round ${round}`).toContain(statuses[1]);
      expect(await superadmins(), `round ${round}`).toHaveLength(1);
      await ctx().db.deleteFrom('admin_users').execute();
    }
  });

  it('no route changes the role of an existing admin or switches one off', () => {
    // Demoting or deactivating would be another way to lose the last superadmin. A route that does
    // either must apply the same rule — extend this file when adding one.
    const accountRoutes = ctx()
      .routes.filter((r) => r.url.startsWith('/api/admin/users'))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !key.startsWith('HEAD '))
      .sort();
    expect(accountRoutes).toEqual([
      'DELETE /api/admin/users/:id',
      'GET /api/admin/users',
      'POST /api/admin/users',
    ]);
  });
});
