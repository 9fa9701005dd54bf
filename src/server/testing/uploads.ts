// Helpers for upload tests: posting a file as the admin screen does, and seeing what reached the disk.
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { multipartFile, type TestContext } from './harness.ts';

/** Posts `bytes` to the upload route as a signed-in admin (a new one unless `token` is given). */
export async function uploadFile(
  ctx: TestContext,
  bytes: Buffer,
  options: Parameters<typeof multipartFile>[1] & { token?: string } = {},
): Promise<LightMyRequestResponse> {
  const token = options.token ?? (await ctx.loginAs()).token;
  const { payload, headers } = multipartFile(bytes, options);
  return ctx.request({ method: 'POST', url: '/api/admin/upload', token, payload, headers });
}

/** Every file under `dir` (hidden ones and sub-folders included), as sorted relative paths. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The stored file behind a `/uploads/<name>` URL. */
export const storedFile = (ctx: TestContext, fileUrl: string) =>
  path.join(ctx.config.uploadDir, fileUrl.replace(/^\/uploads\//, ''));
