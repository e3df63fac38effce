import { readFileSync } from 'node:fs';

/** A process's resident memory now (VmRSS) and at its peak (VmHWM), in MB (Linux /proc). */
export function residentMb(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) =>
    Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024);
  return { now: mb('VmRSS'), peak: mb('VmHWM') };
}
