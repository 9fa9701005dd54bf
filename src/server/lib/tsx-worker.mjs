// Runs a worker thread's TypeScript entry from the sources (tests, `npm run dev`): Node 20 cannot pass
// `--import tsx` to a worker thread, so the thread registers tsx itself (src/server/lib/entry-points.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.sourceEntry);
