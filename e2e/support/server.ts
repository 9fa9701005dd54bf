// A real server for one e2e file: the built web client, a throwaway SQLite database with the demo
// content (its pictures copied in from demo-media.ts), uploads and the mail outbox in a temporary
// folder, and a known superadmin.
import fs from 'node:fs';
import { freePort } from '../../src/server/testing/free-port.ts';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { startServer } from '../../src/server/server.ts';
import { demoMediaFolder } from './demo-media.ts';

/** Where the e2e suite builds the web client (RANGE_DIST_DIR lets parallel work trees keep apart). */
export const DIST_DIR = process.env.RANGE_DIST_DIR ?? 'dist';

export const ADMIN = { email: 'owner@example.co.uk', password: 'Range-Owner-2026!' } as const;

export interface TestServer {
  url: string;
  config: Config;
  dir: string;
  outboxDir: string;
  started: Awaited<ReturnType<typeof startServer>>;
  close(): Promise<void>;
}

/**
 * `env` overrides any variable (e.g. SEED_DEMO=false, CAPTCHA_PROVIDER=off); `webRoot` serves another
 * browser build (the bench's reference).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  webRoot = path.resolve(DIST_DIR, 'web'),
): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'range-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const outboxDir = path.join(dir, 'outbox');
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATABASE_URL: `sqlite:${path.join(dir, 'app.db')}`,
    UPLOAD_DIR: path.join(dir, 'uploads'),
    OUTBOX_DIR: outboxDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
    ...env,
  });
  if (config.seedDemo) fs.cpSync(await demoMediaFolder(), config.uploadDir, { recursive: true });
  const started = await startServer(config, { webRoot });
  return {
    url,
    config,
    dir,
    outboxDir,
    started,
    async close() {
      await started.shutdown('test end');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The names of the messages in the outbox now: what a later step writes is then told apart. */
export function outboxNames(outboxDir: string): string[] {
  return fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir) : [];
}

/** The messages written to the outbox since `before` (from outboxNames), each as its .eml text. */
export function mailsSince(outboxDir: string, before: readonly string[]): string[] {
  return outboxNames(outboxDir)
    .filter((name) => !before.includes(name))
    .map((name) => fs.readFileSync(path.join(outboxDir, name), 'utf8'));
}

/** An encoded word of a header (RFC 2047), e.g. =?UTF-8?Q?=5BPreview=5D_Range?= */
const ENCODED_WORD = /=\?UTF-8\?([QB])\?([^?]*)\?=/gi;

const decodeWord = (encoding: string, text: string) =>
  (encoding.toUpperCase() === 'B'
    ? Buffer.from(text, 'base64')
    : Buffer.from(
        text
          .replace(/_/g, ' ')
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      )
  ).toString('utf8');

/** A header as a mail program shows it: unfolded, its encoded words decoded (a subject with a dash is one). */
export function mailHeader(mail: string, name: string): string | undefined {
  const head = mail.slice(0, mail.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  const prefix = `${name.toLowerCase()}: `;
  const line = head.split(/\r?\n/).find((candidate) => candidate.toLowerCase().startsWith(prefix));
  return line
    ?.slice(prefix.length)
    .replace(/\?=\s+=\?/g, '?==?') // the space between two encoded words is not part of the text
    .replace(ENCODED_WORD, (_, encoding: string, text: string) => decodeWord(encoding, text));
}

/** The newest message in the outbox whose text matches `pattern` (mail is written as .eml files). */
export function findMail(outboxDir: string, pattern: RegExp): string | undefined {
  if (!fs.existsSync(outboxDir)) return undefined;
  const files = fs
    .readdirSync(outboxDir)
    .map((name) => path.join(outboxDir, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    if (pattern.test(text)) return text;
  }
  return undefined;
}
