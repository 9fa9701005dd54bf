// Process entry: configuration, database, first run, listening, graceful shutdown.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { buildApp, type BuiltApp } from './app.ts';
import type { Services } from './services.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Db } from './db/database.ts';
import { checkUploadsFolder } from './features/uploads/folder-check.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoContent } from './bootstrap/demo-content.ts';
import { ensureFirstAdmin } from './bootstrap/first-admin.ts';
import { systemClock } from './lib/clock.ts';
import { closeStalledConnections } from './lib/http-server.ts';
import { startPeriodicJobs } from './jobs/periodic.ts';
import { describeKeySource } from './lib/server-key.ts';
import { startMetricsServer, type Metrics } from './observability/metrics.ts';
import { createLogStream } from './observability/log-stream.ts';

export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Encrypts two-factor secrets older versions stored in plain text (migrations cannot: they have no
 * key), and refuses to run with a key that cannot open the stored ones — a lost or mixed-up key
 * file, or instances with different TOTP_ENCRYPTION_KEY values.
 */
async function secureTwoFactorSecrets(config: Config, services: Services, log: FastifyBaseLogger) {
  const { encrypted, unreadable } = await services.twoFactor.encryptStoredSecrets();
  if (encrypted > 0) log.info({ encrypted }, 'two-factor secrets stored in plain text are now encrypted');
  if (unreadable > 0) {
    throw new ConfigError([
      `TOTP_ENCRYPTION_KEY: ${unreadable} two-factor secret(s) in the database cannot be opened with ` +
        `${describeKeySource(config)}. Start with the key they were encrypted with (restore the key ` +
        'file or the variable from your backup). If that key is lost for good, see "Two-factor key and ' +
        'recovery codes" in docs/security.md.',
    ]);
  }
}

/** Warns (never stops the start) when uploads cannot be stored or content names files not there. */
async function reportUploadsFolder(db: Db, uploadDir: string, log: FastifyBaseLogger) {
  const { notWritable, missing } = await checkUploadsFolder(db, uploadDir);
  if (notWritable) {
    log.warn(
      { uploads: uploadDir, reason: notWritable },
      'the uploads folder is not writable: uploads will fail until the service user can write there',
    );
  }
  if (missing.count > 0) {
    log.warn(
      { uploads: uploadDir, missing: missing.count, examples: missing.examples },
      `${missing.count} uploaded file(s) the content names are not in the uploads folder; ` +
        'instances must share one folder (see docs/deploy)',
    );
  }
}

/** JSON lines on stdout (observability/log-stream.ts: asynchronous, and never holding an exit). */
function createLogger(config: Config) {
  return pino(
    {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.new_password'],
    },
    createLogStream(),
  );
}

/** Migrates the database and secures the two-factor secrets; on failure closes the app and the pool. */
async function prepareDatabase(config: Config, db: Db, { app, services }: BuiltApp) {
  try {
    const applied = await migrateToLatest(db);
    if (applied.length) app.log.info({ migrations: applied }, 'database migrated');
    await secureTwoFactorSecrets(config, services, app.log);
  } catch (error) {
    await app.close();
    await db.destroy();
    throw error;
  }
}

async function setUpFirstAdmin(config: Config, services: Services, log: FastifyBaseLogger) {
  const firstAdmin = await ensureFirstAdmin(config, services.accounts);
  if (firstAdmin.created && firstAdmin.generatedPassword) {
    // Printed once, on purpose not through the structured log (which may be shipped elsewhere).
    process.stdout.write(
      `\n  First admin account created.\n    E-mail:   ${firstAdmin.email}\n    Password: ${firstAdmin.generatedPassword}\n` +
        `  Log in at ${config.publicUrl}/admin/login — you will be asked to choose a new password.\n\n`,
    );
  } else if (firstAdmin.created) {
    log.info({ email: firstAdmin.email }, 'first admin account created from ADMIN_EMAIL');
  }
}

/** Serves the metrics on METRICS_PORT when it is set; a port already taken stops the start. */
async function serveMetrics(config: Config, metrics: Metrics, log: FastifyBaseLogger) {
  const at = config.metrics;
  if (!at) return undefined;
  const metricsServer = await startMetricsServer(metrics.registry, at, log).catch((error: Error) => {
    throw new ConfigError([
      `METRICS_PORT: cannot listen on ${at.host}:${at.port} (${error.message}); ` +
        'give each instance its own port',
    ]);
  });
  metrics.collectProcessMetrics();
  log.info({ metrics: `http://${at.host}:${metricsServer.port}/metrics` }, 'metrics served for Prometheus');
  return metricsServer;
}

export async function startServer(config: Config, options: { webRoot?: string } = {}) {
  const db = openDatabase(config.database);
  const built = await buildApp({
    config,
    db,
    webRoot: options.webRoot,
    loggerInstance: createLogger(config),
  });
  const { app, services, readiness, metrics } = built;
  const log = app.log;
  await prepareDatabase(config, db, built);

  await setUpFirstAdmin(config, services, log);
  if (config.seedDemo && (await seedDemoContent(db, systemClock, config.uploadDir))) {
    log.info('demo content added (set SEED_DEMO=false to start empty)');
  }
  await reportUploadsFolder(db, config.uploadDir, log);

  const stopPeriodicJobs = startPeriodicJobs(services, log);
  // Before the public port, so an instance a proxy sees is already observable.
  const metricsServer = await serveMetrics(config, metrics, log);

  await app.listen({ port: config.port, host: config.host });
  log.info(
    { url: config.publicUrl, database: config.database.dialect, uploads: config.uploadDir },
    `serving on ${config.publicUrl}`,
  );

  let closing = false;
  /** Stops the instance; main() runs it on a signal within SHUTDOWN_GRACE_MS, tests call it directly. */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // From now on /api/ready answers 503, so a proxy stops sending new requests here.
    readiness.stopping = true;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    await stopPeriodicJobs();
    // Fastify's close waits for every open connection: slow and stalled clients must not set its pace.
    const stalled = closeStalledConnections(app.server);
    await app.close();
    await stalled;
    await metricsServer?.close();
    await db.destroy();
    log.info('stopped');
  };
  return { app, db, services, shutdown };
}

export async function main(): Promise<void> {
  let started: Awaited<ReturnType<typeof startServer>>;
  try {
    started = await startServer(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every setting.\n`);
      process.exit(1);
    }
    throw error;
  }
  const log = started.app.log;
  // SIGTERM or SIGINT (and an uncaught error, after logging it): stop gracefully, then exit — 1 when
  // it took longer than the grace period or was caused by an error, so a supervisor sees it.
  closeWithGrace(
    { delay: SHUTDOWN_GRACE_MS, logger: { error: (message: unknown) => log.error(message) } },
    async ({ signal, err }) => {
      if (err) log.error({ err }, 'uncaught error: shutting down');
      await started.shutdown(signal ?? 'error');
    },
  );
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
