import fs from 'node:fs';

/** Loads ./.env into the environment when present (values already set win). */
export function loadDotEnv(file = '.env'): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
