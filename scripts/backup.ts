// `npm run backup [-- <folder>]`: copies the database and the uploads into <folder>/backup-<time>
// (default ./backups). Safe while the server runs.
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { backup } from '../src/server/ops/backup.ts';
import { loadDotEnv } from './dot-env.ts';

loadDotEnv();
try {
  const result = await backup(loadConfig(), process.argv[2] ?? 'backups');
  process.stdout.write(
    `Backup written to ${result.folder}\n  database: ${result.database}\n  uploads:  ${result.uploads}\n`,
  );
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : `Backup failed: ${String(error)}`}\n`,
  );
  process.exitCode = 1;
}
