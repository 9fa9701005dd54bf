// Process entry: configuration, database, first run, listening, graceful shutdown.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoContent } from './bootstrap/demo-content.ts';
import { ensureFirstAdmin } from './bootstrap/first-admin.ts';
import { systemClock } from './lib/clock.ts';
import { startPeriodicJobs } from './jobs/periodic.ts';

const SHUTDOWN_GRACE_MS = 10_000;

export async function startServer(config: Config, options: { webRoot?: string } = {}) {
  const db = openDatabase(config.database);
  const { app, services } = await buildApp({
    config,
    db,
    webRoot: options.webRoot,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.new_password'],
    },
  });
  const log = app.log;

  const applied = await migrateToLatest(db);
  if (applied.length) log.info({ migrations: applied }, 'database migrated');

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
  if (config.seedDemo && (await seedDemoContent(db, systemClock, config.uploadDir))) {
    log.info('demo content added (set SEED_DEMO=false to start empty)');
  }

  const stopPeriodicJobs = startPeriodicJobs(services, log);

  await app.listen({ port: config.port, host: config.host });
  log.info(
    { url: config.publicUrl, database: config.database.dialect, uploads: config.uploadDir },
    `serving on ${config.publicUrl}`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    await stopPeriodicJobs();
    await app.close();
    await db.destroy();
    // Done in time: a process that goes on (tests, benchmarks) must not be killed later.
    clearTimeout(force);
    log.info('stopped');
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return { app, db, services, shutdown };
}

export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every setting.\n`);
      process.exit(1);
    }
    throw error;
  }
  await startServer(config);
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
