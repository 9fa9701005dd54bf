// `npm run admin:create -- --email owner@example.co.uk --username owner --role superadmin [--password …]`
// Adds an admin from the shell. Without --password a random one is printed once and must be changed
// at first login.
import { parseArgs } from 'node:util';
import { createAdminRequest } from '../src/shared/schemas/accounts.ts';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { createAccountsService } from '../src/server/features/accounts/service.ts';
import { systemClock } from '../src/server/lib/clock.ts';
import { HttpError } from '../src/server/lib/http-error.ts';
import { newPassword } from '../src/server/lib/secrets.ts';
import { loadDotEnv } from './dot-env.ts';

const USAGE =
  'Usage: npm run admin:create -- --email <email> --username <name> [--role admin|superadmin] [--password <password>]';

async function run(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      username: { type: 'string' },
      role: { type: 'string', default: 'admin' },
      password: { type: 'string' },
    },
  });
  const generated = values.password === undefined ? newPassword() : undefined;
  const parsed = createAdminRequest.safeParse({ ...values, password: values.password ?? generated });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    process.stderr.write(
      `${issue ? `${issue.path.join('.')}: ${issue.message}` : 'Invalid input'}\n${USAGE}\n`,
    );
    return 1;
  }
  loadDotEnv();
  const config = loadConfig();
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    const admin = await createAccountsService(db, systemClock).create(undefined, parsed.data, {
      forcePasswordChange: generated !== undefined,
    });
    process.stdout.write(`Created ${admin.role} '${admin.username}' <${admin.email}> (id ${admin.id}).\n`);
    if (generated) process.stdout.write(`Password: ${generated}\nIt must be changed at first login.\n`);
    return 0;
  } catch (error) {
    if (error instanceof HttpError) {
      process.stderr.write(`${error.detail}\n`);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

run()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
