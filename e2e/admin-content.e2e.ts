// The six content screens in a real browser: create with a real upload, edit, hide, delete, and the
// public side (API and landing page) following; gallery reorder; the validation toasts; a
// refused upload; no axe violations.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminApi, apiLogin, openSignedIn } from './support/admin.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';
import { DESKTOP, PHONE } from './support/browser.ts';

interface Item {
  id: number;
  order: number;
  is_active: boolean;
  [field: string]: unknown;
}

describeE2e('admin content screens', () => {
  const e2e = useE2eServer();
  let token: string;
  let fileDir: string;
  let png: string;
  let jpeg: string;
  let notAnImage: string;

  beforeAll(async () => {
    token = await apiLogin(e2e.server);
    fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'range-content-e2e-'));
    png = path.join(fileDir, 'picture.png');
    jpeg = path.join(fileDir, 'photo.jpg');
    notAnImage = path.join(fileDir, 'notes.png');
    await sharp({ create: { width: 96, height: 64, channels: 3, background: '#c2410c' } })
      .png()
      .toFile(png);
    await sharp({ create: { width: 120, height: 80, channels: 3, background: '#3b4520' } })
      .jpeg()
      .toFile(jpeg);
    // Named like a picture, but its bytes say otherwise: the server must refuse it (415).
    fs.writeFileSync(notAnImage, 'these are meeting notes, not a picture\n');
  });
  afterAll(async () => {
    if (fileDir) fs.rmSync(fileDir, { recursive: true, force: true });
  });

  const adminList = (kind: string) => adminApi<Item[]>(e2e.server, token, 'GET', `/api/admin/${kind}`);
  const publicList = async (kind: string, key: string) =>
    ((await (await fetch(`${e2e.server.url}/api/cms/${kind}`)).json()) as Record<string, Item[]>)[key] ?? [];

  async function open(kind: string, options = DESKTOP): Promise<Page> {
    const context = await e2e.browser.newContext(options);
    const page = await context.newPage();
    // Every delete asks the browser's confirmation; the tests answer yes.
    page.on('dialog', (dialog) => void dialog.accept());
    await openSignedIn(page, e2e.server, `/admin/${kind}`);
    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .waitFor();
    return page;
  }

  async function expectNoAxeViolations(page: Page, where: string) {
    const violations = await axeViolations(page);
    expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
  }

  /** Uploads through the labelled file input and waits for the server's URL to be in the preview. */
  async function upload(page: Page, label: string, file: string) {
    await page.getByLabel(label, { exact: true }).setInputFiles(file);
    const preview = page.locator(
      `img[alt="Preview of ${label.toLowerCase()}"], video[aria-label="Preview of ${label.toLowerCase()}"]`,
    );
    await expect
      .poll(() => preview.getAttribute('src', { timeout: 1000 }))
      .toMatch(/^\/uploads\/[\w-]+\.(png|jpg|webp|mp4|webm)$/);
    await page.getByText('File uploaded successfully').waitFor();
  }

  const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();

  /** The shared tail of every kind: hide with the switch, then delete after the confirmation. */
  async function hideAndDelete(page: Page, kind: string, listKey: string, name: string, field: string) {
    const find = async () => (await adminList(kind)).find((item) => item[field] === name);
    await page.getByRole('switch', { name: `Show ${name} on the website` }).click();
    await expect.poll(async () => (await find())?.is_active).toBe(false);
    await expect
      .poll(async () => (await publicList(kind, listKey)).some((item) => item[field] === name))
      .toBe(false);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await expect.poll(find).toBeUndefined();
    await expect.poll(() => page.getByRole('button', { name: `Delete ${name}` }).count()).toBe(0);
  }

  it('events: create with an upload (progress, preview), edit, hide, delete — and the landing page follows', async () => {
    const page = await open('events');
    await expectNoAxeViolations(page, 'events list');
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

    await page.getByRole('button', { name: 'Add Event' }).click();
    await page.getByLabel('Event name').fill('E2E Harvest Fair');
    await page.getByLabel('Location').fill('Hereford');
    await page.getByLabel('Date').fill(tomorrow);
    await page.getByLabel('Link (optional)').fill('https://example.com/harvest');
    // Hold the answer back so the progress bar can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/upload', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Event image', { exact: true }).setInputFiles(jpeg);
    const bar = page.getByRole('progressbar', { name: 'Uploading event image' });
    await bar.waitFor();
    // A number from 0 to 100 (Number(null) would be 0: the attribute must be there).
    const progress = await bar.getAttribute('aria-valuenow');
    expect(progress).toMatch(/^\d+(\.\d+)?$/);
    expect(Number(progress)).toBeLessThanOrEqual(100);
    await expectNoAxeViolations(page, 'event form while uploading');
    release();
    await expect
      .poll(() => page.getByAltText('Preview of event image').getAttribute('src', { timeout: 1000 }))
      .toMatch(/^\/uploads\//);
    await toast(page, 'File uploaded successfully');
    // The file's state in words beside the picture, never a raw /uploads/ path (issue 28).
    await page.getByText('photo.jpg uploaded — it is used once you save.').waitFor();
    await page.getByText('Replace picture').waitFor();
    await expect(page.getByText(/\/uploads\//).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Create Event' }).click();
    await toast(page, 'Event created');

    const created = (await adminList('events')).find((event) => event.name === 'E2E Harvest Fair');
    expect(created).toMatchObject({
      location: 'Hereford',
      date: tomorrow,
      link: 'https://example.com/harvest',
    });
    expect(created?.image_url).toMatch(/^\/uploads\//);
    const landing = await (await fetch(`${e2e.server.url}/`)).text();
    expect(landing).toContain('E2E Harvest Fair');

    await page.getByRole('button', { name: 'Edit E2E Harvest Fair' }).click();
    await expect(page.getByLabel('Event name').inputValue()).resolves.toBe('E2E Harvest Fair');
    await page.getByLabel('Location').fill('Ledbury');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Event updated');
    await expect
      .poll(async () => (await adminList('events')).find((e) => e.name === 'E2E Harvest Fair')?.location)
      .toBe('Ledbury');
    await expect
      .poll(async () => (await (await fetch(`${e2e.server.url}/`)).text()).includes('Ledbury'))
      .toBe(true);

    await hideAndDelete(page, 'events', 'events', 'E2E Harvest Fair', 'name');
    await toast(page, 'Event deleted');
    expect(await (await fetch(`${e2e.server.url}/`)).text()).not.toContain('E2E Harvest Fair');
    await page.context().close();
  });

  it('events: names the missing fields, and a file that is not an image gets "File upload failed"', async () => {
    const page = await open('events', PHONE);
    await page.getByRole('button', { name: 'Add Event' }).click();
    await page.getByRole('button', { name: 'Create Event' }).click();
    await page.getByText('Event name is required').waitFor();
    await page.getByText('Location is required').waitFor();
    await page.getByLabel('Event image', { exact: true }).setInputFiles(notAnImage);
    await toast(page, 'File upload failed');
    expect(await page.getByAltText('Preview of event image').count()).toBe(0);
    await expectNoAxeViolations(page, 'event form with errors (phone)');
    await page.context().close();
  });

  it('logos: add with an upload, edit, hide, delete', async () => {
    const page = await open('logos');
    await expectNoAxeViolations(page, 'logos list');
    await page.getByRole('button', { name: 'Add Logo' }).click();
    await page.getByLabel('Partner name').fill('E2E Partner');
    await page.getByLabel('Website (optional)').fill('not a url');
    await page.getByRole('button', { name: 'Add Logo' }).last().click();
    await page.getByText('Logo is required').waitFor();
    await page.getByText(/^Website must be an http\(s\) URL/).waitFor();
    await page.getByLabel('Website (optional)').fill('https://example.com/partner');
    await upload(page, 'Logo', png);
    await page.getByRole('button', { name: 'Add Logo' }).last().click();
    await toast(page, 'Logo added');
    await expect
      .poll(
        async () => (await publicList('logos', 'logos')).find((l) => l.name === 'E2E Partner')?.website_url,
      )
      .toBe('https://example.com/partner');

    await page.getByRole('button', { name: 'Edit E2E Partner' }).click();
    await page.getByLabel('Partner name').fill('E2E Partner Ltd');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Logo updated');
    await expect
      .poll(async () => (await publicList('logos', 'logos')).some((l) => l.name === 'E2E Partner Ltd'))
      .toBe(true);
    await hideAndDelete(page, 'logos', 'logos', 'E2E Partner Ltd', 'name');
    await toast(page, 'Logo deleted');
    await page.context().close();
  });

  it('badges: add with an upload, edit, hide, delete', async () => {
    const page = await open('badges', PHONE);
    await expectNoAxeViolations(page, 'badges list (phone)');
    await page.getByRole('button', { name: 'Add Badge' }).click();
    await page.getByLabel('Badge name').fill('E2E Certified');
    await page.getByLabel('Description (optional)').fill('Checked every year');
    await upload(page, 'Badge image', png);
    await page.getByRole('button', { name: 'Add Badge' }).last().click();
    await toast(page, 'Badge added');
    await expect
      .poll(
        async () =>
          (await publicList('badges', 'badges')).find((b) => b.name === 'E2E Certified')?.description,
      )
      .toBe('Checked every year');

    await page.getByRole('button', { name: 'Edit E2E Certified' }).click();
    await page.getByLabel('Description (optional)').fill('Checked twice a year');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Badge updated');
    await expect
      .poll(async () => (await adminList('badges')).find((b) => b.name === 'E2E Certified')?.description)
      .toBe('Checked twice a year');
    await hideAndDelete(page, 'badges', 'badges', 'E2E Certified', 'name');
    await toast(page, 'Badge deleted');
    await page.context().close();
  });

  it('gallery: "Title and image are required", add with an upload, edit, hide, delete', async () => {
    const page = await open('gallery');
    await expectNoAxeViolations(page, 'gallery list');
    await page.getByRole('button', { name: 'Add Image' }).click();
    await page.getByRole('button', { name: 'Add Image' }).last().click();
    await toast(page, 'Title and image are required');

    await page.getByLabel('Title').fill('E2E Night shoot');
    await page.getByLabel('Section').selectOption('deliver');
    await page.getByLabel(/alt text/).fill('Targets lit up at night');
    await upload(page, 'Image', jpeg);
    await page.getByRole('button', { name: 'Add Image' }).last().click();
    await toast(page, 'Image added');
    await page.getByRole('heading', { name: /What We Deliver/ }).waitFor();
    await expect
      .poll(async () => (await publicList('gallery', 'images')).find((i) => i.title === 'E2E Night shoot'))
      .toMatchObject({ section: 'deliver', alt_text: 'Targets lit up at night', order: 0 });

    await page.getByRole('button', { name: 'Edit E2E Night shoot' }).click();
    await page.getByLabel('Title').fill('E2E Night range');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Image updated');
    await expect
      .poll(async () => (await adminList('gallery')).some((i) => i.title === 'E2E Night range'))
      .toBe(true);
    await hideAndDelete(page, 'gallery', 'images', 'E2E Night range', 'title');
    await toast(page, 'Image deleted');
    await page.context().close();
  });

  it('gallery: up and down swap two neighbours within their section', async () => {
    const before = await adminList('gallery');
    const section = before
      .filter((image) => image.section === 'action-gallery')
      .sort((a, b) => a.order - b.order || a.id - b.id);
    expect(section.length).toBeGreaterThanOrEqual(2);
    const [first, second] = section as [Item, Item];
    const page = await open('gallery', PHONE);
    try {
      await page.getByRole('button', { name: `Move ${String(first.title)} up` }).isDisabled();
      await page.getByRole('button', { name: `Move ${String(second.title)} up` }).click();
      await expect
        .poll(async () => {
          const now = await adminList('gallery');
          const a = now.find((i) => i.id === first.id);
          const b = now.find((i) => i.id === second.id);
          return a && b ? [a.order, b.order] : null;
        })
        .toEqual([second.order, first.order]);
      // The screen shows the new order: the moved image is now first in its section.
      await expect
        .poll(() =>
          page
            .getByRole('region', { name: /See the Range in Action/ })
            .getByRole('heading', { level: 3 })
            .first()
            .textContent(),
        )
        .toBe(String(second.title));
      // Other sections are untouched.
      const untouched = (await adminList('gallery')).filter((i) => i.section !== 'action-gallery');
      expect(untouched.map((i) => [i.id, i.order])).toEqual(
        before.filter((i) => i.section !== 'action-gallery').map((i) => [i.id, i.order]),
      );
      await page.getByRole('button', { name: `Move ${String(second.title)} down` }).click();
      await expect
        .poll(async () => (await adminList('gallery')).find((i) => i.id === second.id)?.order)
        .toBe(second.order);
    } finally {
      for (const image of section)
        await adminApi(e2e.server, token, 'PUT', `/api/admin/gallery/${image.id}`, { order: image.order });
      await page.context().close();
    }
  });

  it('videos: "Please provide a video URL or upload a video", a YouTube link with a thumbnail, an uploaded file, edit, hide, delete', async () => {
    const page = await open('videos');
    await expectNoAxeViolations(page, 'videos list');
    await page.getByRole('button', { name: 'Add Video' }).click();
    await page.getByLabel('Title').fill('E2E Promo');
    await page.getByLabel('Category').selectOption('promo');
    await page.getByRole('button', { name: 'Add Video' }).last().click();
    await toast(page, 'Please provide a video URL or upload a video');
    await expectNoAxeViolations(page, 'video form');

    await page
      .getByRole('textbox', { name: 'YouTube link' })
      .fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await upload(page, 'Thumbnail', png);
    await page.getByRole('button', { name: 'Add Video' }).last().click();
    await toast(page, 'Video added');
    await expect
      .poll(async () => (await publicList('videos', 'videos')).find((v) => v.title === 'E2E Promo'))
      .toMatchObject({
        video_type: 'youtube',
        category: 'promo',
        video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      });

    // Second mode: the file itself. Missing file first, then a real MP4.
    await page.getByRole('button', { name: 'Edit E2E Promo' }).click();
    await page.getByText('Upload a file').click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Please provide a video URL or upload a video');
    await upload(page, 'Video file', path.resolve('demo/media/demo-targets.mp4'));
    await page.getByLabel('Title').fill('E2E Promo cut');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Video updated');
    await expect
      .poll(async () => (await adminList('videos')).find((v) => v.title === 'E2E Promo cut'))
      .toMatchObject({ video_type: 'upload', video_url: expect.stringMatching(/^\/uploads\/.+\.mp4$/) });
    await hideAndDelete(page, 'videos', 'videos', 'E2E Promo cut', 'title');
    await toast(page, 'Video deleted');
    await page.context().close();
  });

  it('testimonials: add with a star rating, edit, hide, delete', async () => {
    const page = await open('testimonials', PHONE);
    await expectNoAxeViolations(page, 'testimonials list (phone)');
    await page.getByRole('button', { name: 'Add Testimonial' }).click();
    await page.getByLabel('Client name').fill('E2E Client');
    await page.getByLabel('Company').fill('E2E Events Ltd');
    await page.getByLabel('Testimonial', { exact: true }).fill('Brilliant day.\nWould book again.');
    await page.locator('label').filter({ hasText: '3 stars' }).click();
    await expectNoAxeViolations(page, 'testimonial form (phone)');
    await page.getByRole('button', { name: 'Add Testimonial' }).last().click();
    await toast(page, 'Testimonial added');
    await expect
      .poll(async () =>
        (await publicList('testimonials', 'testimonials')).find((t) => t.client_name === 'E2E Client'),
      )
      .toMatchObject({
        rating: 3,
        company: 'E2E Events Ltd',
        testimonial_text: 'Brilliant day.\nWould book again.',
      });
    await page.getByRole('img', { name: 'Rated 3 out of 5' }).waitFor();

    await page.getByRole('button', { name: 'Edit E2E Client' }).click();
    await page.locator('label').filter({ hasText: '5 stars' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Testimonial updated');
    await expect
      .poll(async () => (await adminList('testimonials')).find((t) => t.client_name === 'E2E Client')?.rating)
      .toBe(5);
    await hideAndDelete(page, 'testimonials', 'testimonials', 'E2E Client', 'client_name');
    await toast(page, 'Testimonial deleted');
    await page.context().close();
  });

  it("says the list could not be loaded, with the server's detail, instead of showing an empty list", async () => {
    const context = await e2e.browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.route('**/api/admin/events', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"detail":"Database unavailable","code":"X"}',
      }),
    );
    await openSignedIn(page, e2e.server, '/admin/events');
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch events' });
    await expect
      .poll(() => alert.locator('p').allTextContents())
      .toEqual(['Failed to fetch events', 'Database unavailable']);
    await expect(
      page.getByText('Could not load the list. Reload the page to try again.').count(),
    ).resolves.toBe(1);
    await expect(page.getByRole('list', { name: 'Events' }).count()).resolves.toBe(0);
    await context.close();
  });
});
