import type { RunningServer } from './server.ts';

/**
 * p50/p95 of GET requests sent one after another on one connection (each measured alone; includes
 * ~0.2 ms of local HTTP), as the admin. Any answer but 200 stops the benchmark.
 */
export async function sequentialLatencies(
  server: RunningServer,
  paths: string[],
): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (const path of paths) {
    const t = performance.now();
    const res = await fetch(server.baseUrl + path, {
      headers: { authorization: `Bearer ${server.adminKey}` },
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]! * 100) / 100;
  return { p50: at(0.5), p95: at(0.95) };
}
