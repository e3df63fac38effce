import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAgentJsonl } from '../../../bench/generate-transcript.ts';
import { useHarness } from '../../test/harness.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import { uploaded, type ImportAnswer, type Step } from './imports.fixtures.ts';

/**
 * A running import shares the server: while one of its steps runs, other requests are answered.
 * Over real HTTP on a listening server, because only a socket shows whether the server reads
 * other requests meanwhile: on PGlite, queries run in the server's own thread and settle without
 * giving the event loop a turn, so a step that never yields answers nobody else until it ends.
 */
const h = useHarness();
const dir = mkdtempSync(join(tmpdir(), 'ctxhub-shares-'));
let t: Team;
let baseUrl: string;
let transcript: Buffer;

beforeAll(async () => {
  t = await team(h);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  const file = join(dir, 'large.jsonl');
  // ~3,000 messages: every step has seconds or hundreds of milliseconds of work.
  await generateAgentJsonl(file, 2_000_000, { seed: 11 });
  transcript = readFileSync(file);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const STATUS_AFTER: Record<Step, ImportAnswer['status']> = {
  parse: 'parsed',
  extract: 'extracted',
  commit: 'committed',
};

describe('a running import', () => {
  it('lets other requests through while each step runs: they see the step running', async () => {
    const headers = t.writer.headers;
    const up = await uploaded(h, t.writer, {
      ws: t.ws,
      project: t.project,
      file: { name: 'large.jsonl', content: transcript },
    });
    for (const step of ['parse', 'extract', 'commit'] as const) {
      let answered = false;
      const running = fetch(`${baseUrl}/v1/imports/${up.id}/${step}`, { method: 'POST', headers }).then(
        (res) => {
          answered = true;
          return res;
        },
      );
      // Read the import again and again on another connection until the step answers.
      const seen = new Set<string | null>();
      while (!answered) {
        const res = await fetch(`${baseUrl}/v1/imports/${up.id}`, { headers });
        expect(res.status).toBe(200);
        seen.add(((await res.json()) as ImportAnswer).running_step);
      }
      const res = await running;
      const body = (await res.json()) as ImportAnswer;
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body.status).toBe(STATUS_AFTER[step]);
      expect([...seen], `${step}: reads answered while it ran`).toContain(step);
    }
  }, 180_000);
});
