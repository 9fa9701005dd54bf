// Builds the web client when it is missing or stale, makes the demo media the servers copy
// (demo-media.ts), and decides whether a browser is there. Without Chromium the suite is skipped with a
// notice — except in CI, where it must run.
import { buildWeb, webBuildIsStale } from '../../scripts/build-web.ts';
import { CHROMIUM_PATH, chromiumAvailable } from './browser.ts';
import { demoMediaFolder } from './demo-media.ts';
import { DIST_DIR } from './server.ts';

export default async function setup(): Promise<void> {
  if (!chromiumAvailable()) {
    if (process.env.CI)
      throw new Error(`CI needs Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)`);
    process.stdout.write(
      `\n  e2e SKIPPED: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)\n\n`,
    );
    return;
  }
  if (webBuildIsStale(DIST_DIR)) {
    process.stdout.write('Building the web client for the e2e suite…\n');
    await buildWeb(DIST_DIR);
  }
  await demoMediaFolder(); // made once here, before the workers that copy it start
}
