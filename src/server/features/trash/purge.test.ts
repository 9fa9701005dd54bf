// Issue 26: the purge of Recently deleted removes the files of what it purges. A row stored before
// the API refused crafted paths, a missing file or one it may not delete is logged and skipped: the
// other items' files still go, and nothing outside the upload folder is ever touched.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { IMAGE_WIDTHS, TRASH_DAYS } from '#shared/constants.ts';
import { describeEachDatabase } from '../../testing/harness.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Stored as they were before the API refused them: each must be skipped, none may stop the purge. */
const HOSTILE_URLS = [
  '/uploads/..',
  '/uploads/.',
  '/uploads/../outside.jpg',
  '/uploads/%2e%2e',
  '/uploads/..\\outside.jpg',
  '/uploads/folder.jpg',
  '/uploads/link.jpg',
  '/uploads/missing.jpg',
  '/uploads/locked.jpg',
];

const logLines: string[] = [];
const warnings = () =>
  logLines
    .map((line) => JSON.parse(line) as { level: number; msg: string; url?: string; file?: string })
    .filter((entry) => entry.level === 40);

afterEach(() => {
  vi.restoreAllMocks();
  logLines.length = 0;
});

describeEachDatabase(
  'purge of recently deleted files',
  (ctx) => {
    it('skips a crafted, missing or undeletable file and still deletes the other items’ files', async () => {
      const { token } = await ctx().loginAs();
      const dir = ctx().config.uploadDir;
      const outside = path.join(dir, '..', 'outside.jpg');
      const variant = path.join(dir, '.variants', String(IMAGE_WIDTHS[0]), 'normal.webp');
      fs.mkdirSync(path.join(dir, 'folder.jpg'), { recursive: true });
      fs.mkdirSync(path.dirname(variant), { recursive: true });
      for (const file of [
        outside,
        variant,
        ...['normal.jpg', 'locked.jpg'].map((name) => path.join(dir, name)),
      ])
        fs.writeFileSync(file, 'x');
      fs.symlinkSync(outside, path.join(dir, 'link.jpg'));
      // A permission error is made rather than arranged with chmod, which does not stop root.
      const unlink = fsp.unlink.bind(fsp);
      vi.spyOn(fsp, 'unlink').mockImplementation(async (file) => {
        if (String(file).endsWith('locked.jpg'))
          throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
        return unlink(file);
      });

      // The hostile rows first, so the purge meets them before the normal one.
      const now = ctx().clock.now();
      const rows = [...HOSTILE_URLS, '/uploads/normal.jpg'].map((url, i) => ({
        title: `Item ${i}`,
        image_url: url,
        alt_text: '',
        section: 'action-gallery',
        order: i,
        is_active: 1,
        created_at: now,
        updated_at: now,
      }));
      const ids = (await ctx().db.insertInto('gallery').values(rows).returning('id').execute()).map(
        (r) => r.id,
      );
      for (const id of ids) {
        const deleted = await ctx().request({ method: 'DELETE', url: `/api/admin/gallery/${id}`, token });
        expect(deleted.statusCode).toBe(200);
      }

      ctx().clock.advance(TRASH_DAYS * DAY + 1);
      expect(await ctx().services.trash.purgeExpired()).toBe(ids.length);

      expect(fs.existsSync(path.join(dir, 'normal.jpg'))).toBe(false);
      expect(fs.existsSync(variant)).toBe(false);
      expect(fs.existsSync(outside)).toBe(true);
      expect(fs.statSync(path.join(dir, 'folder.jpg')).isDirectory()).toBe(true);
      expect(fs.existsSync(path.join(dir, 'locked.jpg'))).toBe(true);
      expect(fs.lstatSync(path.join(dir, 'link.jpg')).isSymbolicLink()).toBe(true);
      expect(await ctx().db.selectFrom('trash').select('item_id').execute()).toEqual([]);

      // Each skip is logged: the crafted paths by URL, the files by name.
      const skipped = warnings().map((entry) => entry.url ?? entry.file);
      expect(skipped).toEqual(
        expect.arrayContaining([
          '/uploads/..',
          '/uploads/../outside.jpg',
          '/uploads/%2e%2e',
          'folder.jpg',
          'link.jpg',
          'missing.jpg',
          'locked.jpg',
        ]),
      );
      expect(skipped).not.toContain('normal.jpg');
    });
  },
  {
    env: { LOG_LEVEL: 'warn' },
    logger: { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } },
  },
);
