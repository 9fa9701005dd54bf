// The server's resident memory, sampled from /proc while a load runs.
import { residentMiB } from './child-server.ts';

const SAMPLE_EVERY_MS = 100;

export interface MemoryTrace {
  beforeMiB: number;
  peakMiB: number;
  afterMiB: number;
}

export function followMemory(pid: number): { stop(): MemoryTrace } {
  const beforeMiB = residentMiB(pid);
  let peakMiB = beforeMiB;
  const timer = setInterval(() => {
    peakMiB = Math.max(peakMiB, residentMiB(pid));
  }, SAMPLE_EVERY_MS);
  return {
    stop() {
      clearInterval(timer);
      const afterMiB = residentMiB(pid);
      return { beforeMiB, peakMiB: Math.max(peakMiB, afterMiB), afterMiB };
    },
  };
}
