import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

describe('web client fall-through', () => {
  let built: BuiltApp;
  let tmp: string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-web-'));
    const webRoot = path.join(tmp, 'web');
    fs.mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><title>Range</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    const config = loadConfig({
      DATABASE_URL: 'sqlite::memory:',
      UPLOAD_DIR: path.join(tmp, 'uploads'),
      LOG_LEVEL: 'silent',
    });
    const db = openDatabase(config.database);
    await migrateToLatest(db);
    built = await buildApp({ config, db, webRoot });
  });

  afterAll(async () => {
    await built.app.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('serves index.html for client routes such as /admin/login and /privacy-policy', async () => {
    for (const url of ['/', '/admin/login', '/privacy-policy', '/admin/reset-password?token=abc']) {
      const response = await built.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with long caching', async () => {
    const response = await built.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('serves the OpenAPI document generated from the schemas at /api/docs', async () => {
    const response = await built.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths['/api/admin/events'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(doc.paths['/api/admin/login']?.post).toBeDefined();
  });

  it('keeps unknown API paths and non-GET requests as JSON 404s', async () => {
    const api = await built.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    const post = await built.app.inject({ method: 'POST', url: '/somewhere', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toHaveProperty('detail');
  });
});
