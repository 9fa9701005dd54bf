import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { CONTENT_KINDS, type ContentKind } from '#shared/schemas/content.ts';
import { describeEachDatabase } from '../../testing/harness.ts';
import { checkUploadsFolder } from './folder-check.ts';

// What an instance checks at start (docs/deploy: several instances share one uploads folder).
describeEachDatabase('uploads folder check at start', (ctx) => {
  it('counts the uploaded files the content names that the folder does not hold, ignoring links elsewhere', async () => {
    const add = (kind: ContentKind, input: Record<string, unknown>) =>
      ctx().services.content.create(kind, CONTENT_KINDS[kind].input.parse(input) as Record<string, unknown>);
    const dir = ctx().config.uploadDir;
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'here.jpg'), 'x');
    await add('events', {
      name: 'Kept',
      location: 'Field',
      date: '2099-01-01',
      image_url: '/uploads/here.jpg',
    });
    await add('gallery', {
      title: 'Lost',
      image_url: '/uploads/gone.jpg',
      alt_text: 'A lost picture',
    });
    await add('logos', { name: 'Elsewhere', logo_url: 'https://cdn.example.com/logo.png' });
    await add('videos', {
      title: 'Lost clip',
      video_type: 'upload',
      video_url: '/uploads/gone-too.mp4',
      thumbnail_url: '/uploads/here.jpg',
      category: 'gallery',
    });

    const report = await checkUploadsFolder(ctx().db, dir);
    expect(report.notWritable).toBeUndefined();
    expect(report.missing.count).toBe(2);
    expect(report.missing.examples.sort()).toEqual(['gone-too.mp4', 'gone.jpg']);
    // The probe file it wrote is gone again.
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('.write-check'))).toEqual([]);
  });

  it('says why the folder cannot be written to (a file where the folder should be)', async () => {
    const notAFolder = path.join(path.dirname(ctx().config.uploadDir), 'not-a-folder');
    fs.writeFileSync(notAFolder, 'x');
    const report = await checkUploadsFolder(ctx().db, notAFolder);
    expect(report.notWritable).toMatch(/EEXIST|ENOTDIR/);
  });
});
