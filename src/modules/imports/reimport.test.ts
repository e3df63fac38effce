import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.ts';
import { team, type Team } from '../projects/projects.fixtures.ts';
import {
  pipelineHelpers,
  projectIdOf,
  rawMessageCount,
  rawMessageIds,
  runPipeline,
} from './imports.fixtures.ts';

const h = useHarness();

let t: Team;

beforeAll(async () => {
  t = await team(h);
});

const { fresh, rawSessionCount, rawSearch } = pipelineHelpers(h, () => t);

describe('parse', () => {
  it('re-importing the same file updates its sessions in place: no duplicate raw messages, same ids', async () => {
    const p = await fresh();
    const options = { ws: p.ws, project: p.project, file: 'claude-code-session.jsonl' };
    const first = await runPipeline(h, p.writer, options, 'parse');
    const projectId = await projectIdOf(h, first.parsed.id);
    const count1 = await rawMessageCount(h, projectId);
    const ids1 = await rawMessageIds(h, projectId);
    const sessions1 = await rawSessionCount(projectId);
    expect(count1).toBe(21);

    const second = await runPipeline(h, p.writer, options, 'parse');
    expect(second.uploaded.id).not.toBe(first.uploaded.id);
    expect(second.uploaded.sha256).toBe(first.uploaded.sha256);
    expect(second.parsed.stats).toMatchObject({ sessions: 2, messages: 21 });
    expect(await rawMessageCount(h, projectId)).toBe(count1);
    expect(await rawMessageIds(h, projectId)).toEqual(ids1);
    expect(await rawSessionCount(projectId)).toBe(sessions1);
    const search = await rawSearch(p.writer, p, 'advisory lock');
    const hits = (search.json().items as Array<{ message_id: string }>).map((i) => i.message_id);
    expect(new Set(hits).size).toBe(hits.length);
  });
});
