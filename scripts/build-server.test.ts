// The compiled server is what production runs (`npm start` → dist/server/server.js): it must run on
// plain Node, with no TypeScript loader, and find the project's files from its compiled location.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from '../src/server/testing/free-port.ts';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './build-server.ts';

const START_WITHIN_MS = 45_000;

async function untilHealthy(origin: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    const ok = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server was not healthy within ${START_WITHIN_MS / 1000} s:\n${output()}`);
}

const javascriptFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => path.join(dir, file));

describe('compiled server (dist/server)', () => {
  // A copy of the project's layout as it is deployed: package.json, node_modules, demo/ and the build
  // in dist/; the server runs from there, its data in ./data.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'range-compiled-'));
  const serverDir = path.join(root, 'dist', 'server');
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    fs.copyFileSync('package.json', path.join(root, 'package.json'));
    for (const dir of ['node_modules', 'demo']) fs.symlinkSync(path.resolve(dir), path.join(root, dir));
    await buildServer(path.join(root, 'dist'));
  }, 60_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('imports no TypeScript source at run time', () => {
    const files = javascriptFiles(serverDir);
    expect(files.map((file) => path.basename(file))).toEqual(
      expect.arrayContaining(['server.js', 'migrate.js', 'create-admin.js', 'backup.js', 'restore.js']),
    );
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8');
      expect(source, file).not.toMatch(/(from|import)\s*\(?\s*["'][^"']*\.ts["']/);
      expect(source, file).not.toMatch(/["']#(shared|server|web)\//);
    }
  });

  it('starts on plain Node and seeds the demo content, videos from demo/media included', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    let output = '';
    server = spawn(process.execPath, [path.join(serverDir, 'server.js')], {
      cwd: root,
      env: {
        ...process.env,
        // Nothing may compile TypeScript for it.
        NODE_OPTIONS: '',
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: origin,
        DATABASE_URL: 'sqlite:./data/app.db',
        UPLOAD_DIR: './data/uploads',
        OUTBOX_DIR: './data/outbox',
        ADMIN_EMAIL: 'owner@example.co.uk',
        ADMIN_PASSWORD: 'Range-Owner-2026!',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await untilHealthy(origin, server, () => output);

    const response = await fetch(`${origin}/api/cms/videos`);
    expect(response.status).toBe(200);
    const { videos } = (await response.json()) as { videos: { video_url: string }[] };
    expect(videos.length).toBeGreaterThan(0);
    for (const video of videos) {
      const file = await fetch(`${origin}${video.video_url}`);
      expect(file.status, video.video_url).toBe(200);
      expect(Number(file.headers.get('content-length')), video.video_url).toBeGreaterThan(0);
    }
  }, 60_000);
});
