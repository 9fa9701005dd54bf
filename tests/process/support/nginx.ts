// Debian's nginx in front of server processes, running the shipped site file (docs/deploy/nginx) with
// only what must differ on a test machine swapped: ports, the certificate (a throwaway self-signed
// one), and the cache and log paths (a temporary folder). A swap whose text is no longer in the file
// fails, so the file cannot drift away from what this proves.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../src/server/testing/free-port.ts';
import type { Answer, CallOptions } from './api.ts';

const SITE_FILE = fileURLToPath(new URL('../../../docs/deploy/nginx/range-site.conf', import.meta.url));
const NGINX = '/usr/sbin/nginx';
const START_TIMEOUT_MS = 10_000;

/** Whether the proof can run; under CI a missing nginx is a failure, never a skip. */
export function nginxAvailable(): boolean {
  const found = fs.existsSync(NGINX);
  if (!found && process.env.CI === 'true') {
    throw new Error(`nginx is required in CI (${NGINX} is missing): apt-get install -y nginx`);
  }
  return found;
}

export interface Nginx {
  /** https://127.0.0.1:<port> — the TLS server of the site file. */
  url: string;
  /** http://127.0.0.1:<port> — its plain-HTTP server (redirects and the ACME challenge). */
  plainUrl: string;
  /** The certificate to trust for `url`. */
  ca: string;
  /** nginx's access log so far (the site's own log format). */
  accessLog(): string;
  stop(): Promise<void>;
}

function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync('openssl', [
    'req', '-x509', '-nodes', '-days', '2', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1',
    '-subj', '/CN=range.test', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:range.test',
    '-keyout', key, '-out', cert,
  ], { stdio: 'ignore' }); // prettier-ignore
  return { cert, key };
}

/** The shipped site with each test substitution applied; a substitution that matches nothing throws. */
function siteForTest(substitutions: [from: string, to: string][]): string {
  let site = fs.readFileSync(SITE_FILE, 'utf8');
  for (const [from, to] of substitutions) {
    if (!site.includes(from))
      throw new Error(`docs/deploy/nginx/range-site.conf no longer contains "${from}"`);
    site = site.replaceAll(from, to);
  }
  return site;
}

async function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.end() && true));
    socket.once('error', () => resolve(false));
  });
}

/** nginx with the shipped site in front of the instances on `upstreamPorts` (two, as shipped). */
export async function startNginx(upstreamPorts: [number, number]): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'range-nginx-'));
  fs.chmodSync(dir, 0o755); // nginx's workers run as another user when the tests run as root
  const { cert, key } = selfSignedCertificate(dir);
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const site = siteForTest([
    ['listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`],
    ['listen [::]:443 ssl http2;', ''],
    ['listen 80;', `listen 127.0.0.1:${httpPort};`],
    ['listen [::]:80;', ''],
    ['server 127.0.0.1:3001 ', `server 127.0.0.1:${upstreamPorts[0]} `],
    ['server 127.0.0.1:3002 ', `server 127.0.0.1:${upstreamPorts[1]} `],
    ['/etc/letsencrypt/live/range.example.co.uk/fullchain.pem', cert],
    ['/etc/letsencrypt/live/range.example.co.uk/privkey.pem', key],
    ['/var/cache/nginx/range-site', path.join(dir, 'cache')],
    ['/var/log/nginx/range-site.access.log', path.join(dir, 'access.log')],
    ['/var/www/letsencrypt', path.join(dir, 'acme')],
  ]);
  fs.writeFileSync(path.join(dir, 'range-site.conf'), site);
  // What Debian's /etc/nginx/nginx.conf gives every site, with the paths of this folder.
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  access_log off;
  include ${dir}/range-site.conf;
}
`,
  );
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.once('exit', () => child.kill('SIGKILL'));

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await accepting(httpsPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `nginx did not start:\n${errors}\n${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `https://127.0.0.1:${httpsPort}`,
    plainUrl: `http://127.0.0.1:${httpPort}`,
    ca: fs.readFileSync(cert, 'utf8'),
    accessLog: () => fs.readFileSync(path.join(dir, 'access.log'), 'utf8'),
    async stop() {
      child.kill('SIGQUIT'); // nginx's graceful stop
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One HTTPS request trusting `ca` (fetch cannot be given a CA here); same answer shape as call(). */
export function callTls(url: string, ca: string, options: CallOptions = {}): Promise<Answer> {
  const body = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        ca,
        method: options.method ?? (body ? 'POST' : 'GET'),
        headers: {
          ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
          const isJson = headers.get('content-type')?.includes('application/json') ?? false;
          resolve({ status: response.statusCode ?? 0, headers, body: isJson ? JSON.parse(text) : text });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
