import { describe, expect, it } from 'vitest';
import { exampleParams, readParams } from './example-params.ts';

const variable = (name: string, example: unknown) => ({ name, description: name, example, optional: false });

describe('exampleParams', () => {
  it("takes the action's variables at their examples, and project_key of the common ones", () => {
    const text = exampleParams(
      [variable('actor', 'ana@acme.test'), variable('project_key', 'codehost:acme/api')],
      [variable('q', 'retry backoff'), variable('count', 3)],
    );
    expect(JSON.parse(text)).toEqual({ project_key: 'codehost:acme/api', q: 'retry backoff', count: 3 });
  });
});

describe('readParams', () => {
  it('reads a JSON object', () => {
    expect(readParams('{"q": "deploy"}')).toEqual({ params: { q: 'deploy' } });
  });

  it('says why text is not one', () => {
    expect(readParams('{"q": ')).toMatchObject({ problem: expect.stringMatching(/^Not JSON: /) });
    for (const text of ['[1]', '"q"', 'null'])
      expect(readParams(text)).toEqual({
        problem: 'The example values must be a JSON object, such as {"q": "deploy"}.',
      });
  });
});
