import { readFileSync } from 'node:fs';

/** A process's resident memory now (VmRSS) and at its peak (VmHWM), in MB (Linux /proc). */
export function residentMb(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) =>
    Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024);
  return { now: mb('VmRSS'), peak: mb('VmHWM') };
}

/**
 * CPU time a process has used so far, in s (Linux /proc: user + system clock ticks of 1/100 s).
 * Unlike wall time it hardly depends on what else the machine runs.
 */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
