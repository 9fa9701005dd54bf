import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.ts';
import { memoryAppInputs } from '../testing/memory-app-inputs.ts';

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { requestBody?: unknown; parameters?: unknown[]; responses: Record<string, unknown> }>
  >;
}

const statusesOf = (doc: OpenApiDocument, path: string, method: string) =>
  Object.keys(doc.paths[path]?.[method]?.responses ?? {});

// The document is generated on the first request from the routes recorded at start-up; it must still
// describe every API route the app serves, with the schemas that validate it.
describe('OpenAPI document at /api/docs', () => {
  let built: BuiltApp;
  let tmp: string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-openapi-'));
    const { config, db } = await memoryAppInputs(tmp, { OUTBOX_DIR: path.join(tmp, 'outbox') });
    built = await buildApp({ config, db, webRoot: path.join(tmp, 'web') });
    await built.app.ready();
  });

  afterAll(async () => {
    await built.app.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('lists every API route the app registered, each method under its path', async () => {
    const response = await built.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<OpenApiDocument>();
    expect(doc.openapi).toMatch(/^3\./);

    const apiRoutes = built.routes.filter(
      (route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && route.url !== '/api/docs',
    );
    expect(apiRoutes.length).toBeGreaterThan(50);
    for (const route of apiRoutes) {
      const documented = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')];
      expect(documented?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
    expect(doc.paths['/api/docs']).toBeUndefined();
  });

  it('carries the request schemas: a login needs an e-mail and a password', async () => {
    const doc = (await built.app.inject({ method: 'GET', url: '/api/docs' })).json<OpenApiDocument>();
    expect(JSON.stringify(doc.paths['/api/admin/login']?.post?.requestBody)).toMatch(
      /"required":\["email","password"/,
    );
  });

  it('lists the error statuses each route can answer, with the one {detail, code} body', async () => {
    const doc = (await built.app.inject({ method: 'GET', url: '/api/docs' })).json<OpenApiDocument>();
    expect(statusesOf(doc, '/api/admin/events/{id}', 'put')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      // An event takes its day on the one calendar (decision 0468): a taken day is a 409.
      '409',
      '413',
      '414',
      '415',
      '500',
      '503',
    ]);
    // Sending a hold as a quote (decision 0473): a missing booking, and one that cannot be quoted.
    expect(statusesOf(doc, '/api/admin/bookings/{id}/quote', 'post')).toEqual(
      expect.arrayContaining(['200', '400', '404', '409']),
    );
    // The customer's page takes a secret in its path, like the owner's feed: not in the document.
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/booking/'))).toEqual([]);
    // Public, no input: only what any request can meet.
    expect(statusesOf(doc, '/api/site', 'get')).toEqual(['200', '500', '503']);
    expect(statusesOf(doc, '/api/admin/login', 'post')).toEqual(
      expect.arrayContaining(['200', '400', '401', '429']),
    );
    expect(statusesOf(doc, '/api/admin/login', 'post')).not.toContain('403');
    // A tracking call answers 204, never the 200 a route without a response schema is assumed to.
    expect(statusesOf(doc, '/api/track', 'post')).toEqual(
      expect.arrayContaining(['204', '400', '429', '503']),
    );
    expect(statusesOf(doc, '/api/track', 'post')).not.toContain('200');
    expect(doc.paths['/api/admin/users']?.post?.responses['409']).toEqual({
      description: expect.stringMatching(/already exists/),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    });
  });

  it('carries the rules the schemas validate: periods, id range, calendar dates, e-mails, media URLs', async () => {
    const doc = (await built.app.inject({ method: 'GET', url: '/api/docs' })).json<OpenApiDocument>();
    const text = (path: string, method: string) => JSON.stringify(doc.paths[path]?.[method]);
    expect(text('/api/admin/analytics/summary', 'get')).toContain('"enum":["7","14","30","90"]');
    // Every id, in a path or a query, says its whole range in one pattern at the top of its schema: a
    // tester that skips `allOf` (where a second pattern used to go) still reads it (issue 26, item 9).
    const ids = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        ((operation.parameters ?? []) as { name: string; schema: { pattern?: string } }[])
          .filter((param) => ['id', 'before'].includes(param.name))
          .map((param) => ({ where: `${method} ${path} ${param.name}`, pattern: param.schema.pattern })),
      ),
    );
    expect(ids.length).toBeGreaterThan(15);
    for (const { where, pattern } of ids) {
      const idPattern = new RegExp(pattern ?? '(?!)');
      expect(
        ['1', '2147483647'].map((id) => idPattern.test(id)),
        where,
      ).toEqual([true, true]);
      expect(
        ['0', '2147483648', '01', '-1'].map((id) => idPattern.test(id)),
        where,
      ).toEqual([false, false, false, false]);
    }
    expect(text('/api/admin/events', 'post')).toContain('"format":"date"');
    expect(text('/api/admin/events', 'post')).toContain('uploads');
    expect(text('/api/admin/data-subject', 'get')).toContain('"format":"email"');
  });
});
