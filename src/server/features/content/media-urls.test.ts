// Issue 26: a media URL names a file the upload store made (/uploads/<generated name>) or an http(s)
// address — never a path that leaves the upload folder, names a folder, or hides a line break.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { galleryInput, type ContentKind } from '#shared/schemas/content.ts';
import { uploadedFileName } from '#shared/schemas/media-url.ts';
import { describeEachDatabase } from '../../testing/harness.ts';
import { uploadFile } from '../../testing/uploads.ts';

/** Every content field that takes an uploaded file, with a valid item of its kind. */
const MEDIA_FIELDS: [ContentKind, string, Record<string, unknown>][] = [
  ['events', 'image_url', { name: 'Fair', location: 'York', date: '2026-07-01' }],
  ['logos', 'logo_url', { name: 'Acme' }],
  ['badges', 'badge_url', { name: 'Insured' }],
  ['gallery', 'image_url', { title: 'Targets' }],
  ['videos', 'video_url', { title: 'Demo', video_type: 'upload', category: 'demo' }],
  ['videos', 'thumbnail_url', { title: 'Demo', video_url: '/uploads/clip.mp4', category: 'demo' }],
];

const TRAVERSALS = [
  '/uploads/..',
  '/uploads/.',
  '/uploads/',
  '/uploads/a/../../x',
  '/uploads/../x.jpg',
  '/uploads/%2e%2e',
  '/uploads/%2e%2e%2fsecret.jpg',
  '/uploads/..\\x.jpg',
  '/uploads/a\\b.jpg',
  '/uploads/.jpg',
  '/uploads/.variants',
  '/uploads/.incoming-0123abcd',
  '/uploads/w/640/a.jpg',
  '/uploads/a.jpg.',
  '/uploads/notes.txt',
  '/uploads/a b.jpg',
  'https://cdn.example/a\r\nb.jpg',
];

const MEDIA_MESSAGE = 'must be an uploaded file or an http(s) URL';
const SPACES_MESSAGE = 'must not contain spaces, line breaks or control characters';

describe('the media URL rule', () => {
  it('names a file only when the store could have made it; a NUL refused where the edge left one', () => {
    expect(uploadedFileName('/uploads/aB3_-x.webp')).toBe('aB3_-x.webp');
    for (const url of [
      ...TRAVERSALS,
      '/uploads/a.jpg\u0000',
      '/uploads/a\u0000.jpg',
      'https://x.example/a.jpg',
    ])
      expect(uploadedFileName(url), JSON.stringify(url)).toBeUndefined();
    const parsed = galleryInput.safeParse({ title: 'Targets', image_url: '/uploads/a\u0000.jpg' });
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(SPACES_MESSAGE);
  });
});

describeEachDatabase('content media URLs', (ctx) => {
  it('every media field refuses a crafted path with a 400 naming the field, on create and update', async () => {
    const { token } = await ctx().loginAs();
    for (const [kind, field, item] of MEDIA_FIELDS) {
      // Only the kind's own fields: an admin call refuses any other (docs/decisions/0437).
      const valid = { [field]: field === 'video_url' ? '/uploads/clip.mp4' : '/uploads/a.png' };
      const base = { ...valid, ...item };
      for (const url of TRAVERSALS) {
        const response = await ctx().request({
          method: 'POST',
          url: `/api/admin/${kind}`,
          token,
          payload: { ...base, [field]: url },
        });
        expect(response.statusCode, `${kind}.${field} ${JSON.stringify(url)}`).toBe(400);
        expect([MEDIA_MESSAGE, SPACES_MESSAGE].map((message) => `${field}: ${message}`)).toContain(
          response.json<{ detail: string }>().detail,
        );
      }
      const created = await ctx().request({
        method: 'POST',
        url: `/api/admin/${kind}`,
        token,
        payload: base,
      });
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json<{ id: number }>();
      const edited = await ctx().request({
        method: 'PUT',
        url: `/api/admin/${kind}/${id}`,
        token,
        payload: { [field]: '/uploads/..' },
      });
      expect(edited.json()).toEqual({ detail: `${field}: ${MEDIA_MESSAGE}`, code: 'VALIDATION_ERROR' });
      const stored = await ctx().db.selectFrom(kind).selectAll().where('id', '=', id).executeTakeFirst();
      expect(stored?.[field as keyof typeof stored], `${kind}.${field}`).toBe(created.json()[field]);
    }
  });

  it('takes the names the upload store makes, demo pictures, and http(s) addresses', async () => {
    const { token } = await ctx().loginAs();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#4b5320' } })
      .png()
      .toBuffer();
    const uploaded = await uploadFile(ctx(), png, { filename: 'a.png', contentType: 'image/png', token });
    for (const url of [
      uploaded.json<{ file_url: string }>().file_url,
      '/uploads/Qm9vLWJhci1iYXotcXV1eA.jpg',
      '/uploads/aB3_-x.webp',
      '/uploads/demo-gallery-hero.jpg',
      '/uploads/clip.avif',
      'https://cdn.example.com/pictures/a.jpg?size=large',
      'HTTP://cdn.example.com/a.png',
    ]) {
      const response = await ctx().request({
        method: 'POST',
        url: '/api/admin/gallery',
        token,
        payload: { title: 'Targets', image_url: url },
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
    }
  });

  it('a web link with a space, line break or control character inside is refused', async () => {
    const { token } = await ctx().loginAs();
    for (const website_url of [
      'https://acme.example/a b',
      'https://acme.example/\r\nx',
      'https://acme.example/a\tb',
    ]) {
      const response = await ctx().request({
        method: 'POST',
        url: '/api/admin/logos',
        token,
        payload: { name: 'Acme', logo_url: '/uploads/a.png', website_url },
      });
      expect(response.json(), JSON.stringify(website_url)).toEqual({
        detail: `website_url: ${SPACES_MESSAGE}`,
        code: 'VALIDATION_ERROR',
      });
    }
  });
});
