import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/harness.ts';
import { SITE_PLACEHOLDERS } from './service.ts';

const REAL = {
  trading_name: 'Bullseye Mobile Range',
  phone: '+44 7700 900123',
  email: 'Bookings@Bullseye.example',
  facebook_url: 'https://www.facebook.com/bullseyerange',
  instagram_url: 'https://instagram.com/bullseyerange',
  tiktok_url: '',
  youtube_url: 'https://www.youtube.com/@bullseyerange',
  company_name: 'Bullseye Events Ltd',
  company_number: 'sc123456',
  registered_address: '1 High Street\nReading RG1 1AA',
};

describeEachDatabase('site settings', (ctx) => {
  it('a fresh install serves clearly marked placeholders, seeded once however often it is read', async () => {
    const [first, second] = await Promise.all([
      ctx().request({ method: 'GET', url: '/api/site' }),
      ctx().request({ method: 'GET', url: '/api/site' }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ...SITE_PLACEHOLDERS, is_placeholder: true, updated_at: null });
    expect(second.json()).toEqual(first.json());
    expect(first.json<{ company_name: string }>().company_name).toContain('PLACEHOLDER');
    await ctx().services.site.get();
    expect(await ctx().db.selectFrom('site_settings').selectAll().execute()).toHaveLength(1);
  });

  it('a superadmin updates the details and the public endpoint shows them', async () => {
    const boss = await ctx().loginAs({ role: 'superadmin' });
    const saved = await ctx().request({
      method: 'PUT',
      url: '/api/admin/site',
      token: boss.token,
      payload: REAL,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      ...REAL,
      email: 'bookings@bullseye.example',
      company_number: 'SC123456',
      is_placeholder: false,
    };
    expect(saved.json()).toMatchObject(expected);
    expect((await ctx().request({ method: 'GET', url: '/api/site' })).json()).toMatchObject({
      ...expected,
      updated_at: new Date(ctx().clock.now()).toISOString(),
    });

    // A partial update changes only what it names.
    const partial = await ctx().request({
      method: 'PUT',
      url: '/api/admin/site',
      token: boss.token,
      payload: { phone: '0118 496 0000', youtube_url: '' },
    });
    expect(partial.json()).toMatchObject({ ...expected, phone: '0118 496 0000', youtube_url: '' });
  });

  it('only a superadmin may change them; an admin gets 403 and nothing changes', async () => {
    const admin = await ctx().loginAs({ role: 'admin' });
    const response = await ctx().request({
      method: 'PUT',
      url: '/api/admin/site',
      token: admin.token,
      payload: REAL,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN', detail: expect.any(String) });
    expect((await ctx().request({ method: 'PUT', url: '/api/admin/site', payload: REAL })).statusCode).toBe(
      401,
    );
    expect((await ctx().request({ method: 'GET', url: '/api/site' })).json()).toMatchObject({
      is_placeholder: true,
    });
  });

  it('rejects bad values, naming the field', async () => {
    const boss = await ctx().loginAs();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'email'],
      [{ phone: 'call us' }, 'phone'],
      [{ trading_name: '' }, 'trading_name'],
      [{ trading_name: 'x'.repeat(101) }, 'trading_name'],
      [{ facebook_url: 'https://evil.example/facebook.com' }, 'facebook_url'],
      [{ instagram_url: 'javascript:alert(1)' }, 'instagram_url'],
      [{ tiktok_url: 'ftp://www.tiktok.com/@x' }, 'tiktok_url'],
      [{ youtube_url: 'https://notyoutube.com/x' }, 'youtube_url'],
      [{ youtube_url: 'notyoutube.com/x' }, 'youtube_url'],
      [{ facebook_url: 'facebook.com/my page' }, 'facebook_url'],
      [{ company_number: '123' }, 'company_number'],
      [{ company_number: '12345' }, 'company_number'],
      [{ company_number: '123456789' }, 'company_number'],
      [{ company_number: 'SC12345' }, 'company_number'],
      [{ registered_address: ' ' }, 'registered_address'],
    ];
    for (const [payload, field] of cases) {
      const response = await ctx().request({
        method: 'PUT',
        url: '/api/admin/site',
        token: boss.token,
        payload: { ...REAL, ...payload },
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ detail: string }>().detail, JSON.stringify(payload)).toContain(field);
    }
    expect((await ctx().request({ method: 'GET', url: '/api/site' })).json()).toMatchObject({
      is_placeholder: true,
    });
  });

  it('normalises what an owner types instead of refusing it: the https:// of a link, the leading zero of a company number', async () => {
    const boss = await ctx().loginAs();
    const saved = await ctx().request({
      method: 'PUT',
      url: '/api/admin/site',
      token: boss.token,
      payload: {
        ...REAL,
        facebook_url: 'facebook.com/bullseyerange',
        instagram_url: ' www.instagram.com/bullseyerange ',
        tiktok_url: 'http://www.tiktok.com/@bullseye',
        youtube_url: '//youtube.com/@bullseyerange',
        company_number: '1234567',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const normalised = {
      facebook_url: 'https://facebook.com/bullseyerange',
      instagram_url: 'https://www.instagram.com/bullseyerange',
      tiktok_url: 'https://www.tiktok.com/@bullseye',
      youtube_url: 'https://youtube.com/@bullseyerange',
      company_number: '01234567',
    };
    expect(saved.json()).toMatchObject(normalised);
    expect((await ctx().request({ method: 'GET', url: '/api/site' })).json()).toMatchObject(normalised);

    // Six digits too (a company of the 1900s written without its zeros); a prefixed number is kept.
    for (const [typed, stored] of [
      ['123456', '00123456'],
      ['sc123456', 'SC123456'],
      ['01234567', '01234567'],
    ]) {
      const response = await ctx().request({
        method: 'PUT',
        url: '/api/admin/site',
        token: boss.token,
        payload: { company_number: typed },
      });
      expect(response.json<{ company_number: string }>().company_number, typed).toBe(stored);
    }
  });

  it('says what a refused link or number should look like', async () => {
    const boss = await ctx().loginAs();
    const refuse = async (payload: Record<string, string>) =>
      (await ctx().request({ method: 'PUT', url: '/api/admin/site', token: boss.token, payload })).json<{
        detail: string;
      }>().detail;
    expect(await refuse({ facebook_url: 'fb.me/x y' })).toBe(
      'facebook_url: must not contain spaces, line breaks or control characters',
    );
    expect(await refuse({ instagram_url: 'instagrm.com/range' })).toBe(
      'instagram_url: must be an Instagram address such as instagram.com/yourname, or empty',
    );
    expect(await refuse({ company_number: '12-34' })).toBe(
      'company_number: must be a Companies House number such as 12345678 or SC123456',
    );
  });

  it('records the change in the audit log', async () => {
    const boss = await ctx().loginAs();
    await ctx().request({ method: 'PUT', url: '/api/admin/site', token: boss.token, payload: REAL });
    const entries = await ctx()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('route', '=', '/api/admin/site')
      .execute();
    expect(entries).toEqual([
      expect.objectContaining({ admin_id: boss.id, method: 'PUT', action: 'PUT /api/admin/site' }),
    ]);
  });
});
