import { describe, expect, it } from 'vitest';
import { expectError, expectInvalid, HOSTILE_STRINGS, unstorable } from '../../test/assertions.ts';
import { useHarness } from '../../test/harness.ts';
import { UNKNOWN_ID, url, VALID, mappingScene } from './mappings.fixtures.ts';

const h = useHarness();
const { users, newWorkspace, mappingsOf, create, stateOf } = mappingScene(h);

describe('project mapping routes: bad input', () => {
  it('rejects bad input with the field path, changing nothing', async () => {
    const ws = await newWorkspace();
    const slug = await create(ws, {
      kind: 'repo_root_slug',
      external_id: 'api',
      project_key: 'codehost:a/api',
    });
    const snapshot = await stateOf(ws);

    const postCases: Array<[unknown, string]> = [
      [{ ...VALID, color: 'red' }, 'body'],
      [{ ...VALID, id: UNKNOWN_ID }, 'body'],
      [{ ...VALID, kind: 'svn' }, 'body.kind'],
      [{ ...VALID, kind: 1 }, 'body.kind'],
      [{ external_id: 'x', project_key: 'codehost:a/b' }, 'body.kind'],
      [{ kind: 'manual', project_key: 'codehost:a/b' }, 'body.external_id'],
      [{ ...VALID, external_id: 42 }, 'body.external_id'],
      [{ ...VALID, external_id: '' }, 'body.external_id'],
      [{ ...VALID, external_id: '   ' }, 'body.external_id'],
      [{ ...VALID, external_id: 'x'.repeat(501) }, 'body.external_id'],
      [{ ...VALID, kind: 'codehost_remote', external_id: 'not a remote' }, 'body.external_id'],
      [{ ...VALID, kind: 'codehost_remote', external_id: 'https://github.com/acme' }, 'body.external_id'],
      [{ ...VALID, kind: 'codehost_remote', external_id: 'file:///tmp/x' }, 'body.external_id'],
      [{ ...VALID, kind: 'repo_root_slug', external_id: 'a/b' }, 'body.external_id'],
      [{ ...VALID, kind: 'repo_root_slug', external_id: '..' }, 'body.external_id'],
      [{ ...VALID, kind: 'repo_root_slug', external_id: 'my repo' }, 'body.external_id'],
      [{ kind: 'manual', external_id: 'x' }, 'body.project_key'],
      [{ ...VALID, project_key: 'noColon' }, 'body.project_key'],
      [{ ...VALID, project_key: 'codehost:acme' }, 'body.project_key'],
      [{ ...VALID, project_key: 'Codehost:acme/api' }, 'body.project_key'],
      [{ ...VALID, project_key: 'codehost:acme/../api' }, 'body.project_key'],
      [{ ...VALID, project_key: 42 }, 'body.project_key'],
      [{ ...VALID, priority: -1 }, 'body.priority'],
      [{ ...VALID, priority: 1.5 }, 'body.priority'],
      [{ ...VALID, priority: '3' }, 'body.priority'],
      [{ ...VALID, priority: 1_000_001 }, 'body.priority'],
      [{ ...VALID, priority: null }, 'body.priority'],
      [{ ...VALID, enabled: 'yes' }, 'body.enabled'],
      [{ ...VALID, reason: 'x'.repeat(1001) }, 'body.reason'],
      [{ ...VALID, reason: 42 }, 'body.reason'],
      [{ ...VALID, reason: '\u0000' }, 'body.reason'],
      [[], 'body'],
    ];
    for (const [body, path] of postCases) {
      expectInvalid(await h.request('POST', url(ws), { as: users.alice, body }), path);
    }

    const patchCases: Array<[unknown, string]> = [
      [{}, 'body'],
      [{ reason: 'nothing to change' }, 'body'],
      [{ id: UNKNOWN_ID }, 'body'],
      [{ color: 'red' }, 'body'],
      [{ kind: 'svn' }, 'body.kind'],
      [{ external_id: 'a/b' }, 'body.external_id'],
      [{ external_id: '' }, 'body.external_id'],
      [{ external_id: 7 }, 'body.external_id'],
      // The kept external_id `api` is not a git remote.
      [{ kind: 'codehost_remote' }, 'body.external_id'],
      [{ project_key: 'bad' }, 'body.project_key'],
      [{ priority: -1 }, 'body.priority'],
      [{ priority: 2.5 }, 'body.priority'],
      [{ priority: null }, 'body.priority'],
      [{ enabled: 1 }, 'body.enabled'],
      [{ priority: 1, reason: 'x'.repeat(1001) }, 'body.reason'],
    ];
    for (const [body, path] of patchCases) {
      expectInvalid(await h.request('PATCH', url(ws, slug.id), { as: users.alice, body }), path);
    }

    for (const bad of [
      'abc',
      'pmap_lower',
      'pmap_',
      `pmap_${'A'.repeat(27)}`,
      'imp_01ABC',
      "pmap_1'--",
      '%00',
    ]) {
      const id = encodeURIComponent(bad);
      expectInvalid(
        await h.request('PATCH', url(ws, id), { as: users.alice, body: { priority: 1 } }),
        'params.id',
      );
      expectInvalid(await h.request('DELETE', url(ws, id), { as: users.alice }), 'params.id');
    }
    expectInvalid(
      await h.request('DELETE', url(ws, slug.id), { as: users.alice, query: { reason: 'x'.repeat(1001) } }),
      'query.reason',
    );
    expectInvalid(await h.request('GET', url('Not_Valid'), { as: users.alice }), 'params.key');
    expectInvalid(await h.request('POST', url('Not_Valid'), { as: users.alice, body: VALID }), 'params.key');
    expectError(
      await h.request('PATCH', url(ws, UNKNOWN_ID), { as: users.alice, body: { priority: 1 } }),
      404,
      'not_found',
    );
    expectError(await h.request('DELETE', url(ws, UNKNOWN_ID), { as: users.alice }), 404, 'not_found');
    expect(await stateOf(ws)).toEqual(snapshot);
  });

  it('stores hostile manual names verbatim or refuses them with 400, never 5xx', async () => {
    const ws = await newWorkspace();
    for (const s of HOSTILE_STRINGS) {
      const res = await h.request('POST', url(ws), { as: users.alice, body: { ...VALID, external_id: s } });
      if (s.length > 500 || unstorable(s)) {
        expectInvalid(res, 'body.external_id');
      } else {
        expect(res.statusCode, `${JSON.stringify(s)}: ${res.body}`).toBe(201);
        expect(res.json().external_id).toBe(s.trim());
      }
    }
    const stored = (await mappingsOf(ws)).map((m) => m.external_id);
    expect(stored.sort()).toEqual(
      HOSTILE_STRINGS.filter((s) => s.length <= 500 && !unstorable(s))
        .map((s) => s.trim())
        .sort(),
    );
  });

  // A malformed percent escape once escaped parseRemote as a URIError (a 500 on every route taking a remote).
  it('refuses a git remote with a malformed percent escape with 400', async () => {
    const ws = await newWorkspace();
    const res = await h.request('POST', url(ws), {
      as: users.alice,
      body: { ...VALID, kind: 'codehost_remote', external_id: 'https://github.com/acme/%ZZ' },
    });
    expectInvalid(res, 'body.external_id');
    expect(await mappingsOf(ws)).toEqual([]);
  });
});
