// `npm run restore -- <backup-folder>`: puts a backup made by `npm run backup` back (database and
// uploads). Stop every server instance first. What was there before is first saved as a new backup
// beside the one restored (./backups for `backups/backup-<time>`), so a restore can be undone the same
// way — also on a server whose project folder is read-only (docs/deploy).
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { NotABackupError, restore } from '../src/server/ops/restore.ts';
import { loadDotEnv } from './dot-env.ts';

const USAGE =
  'Usage: npm run restore -- <backup-folder>   (a backups/backup-<time> folder made by npm run backup)';

loadDotEnv();
const folder = process.argv[2];
if (!folder) {
  process.stderr.write(`${USAGE}\n`);
  process.exitCode = 1;
} else {
  try {
    const result = await restore(loadConfig(), folder, {
      previousStateRoot: path.dirname(path.resolve(folder)),
    });
    process.stdout.write(
      `Restored ${folder}\n  database: ${result.database}\n  uploads:  ${result.uploads}\n` +
        (result.previousState
          ? `What was there before is saved in ${result.previousState} (restore it the same way to undo).\n`
          : '') +
        'Start the server with the same two-factor key as before (TOTP_ENCRYPTION_KEY or its key file).\n',
    );
  } catch (error) {
    process.stderr.write(
      error instanceof ConfigError || error instanceof NotABackupError
        ? `${error.message}\n${error instanceof NotABackupError ? `Nothing was changed.\n${USAGE}\n` : ''}`
        : `Restore failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  }
}
