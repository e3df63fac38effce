import { describe, expect, it } from 'vitest';
import { evidenceHref } from './evidence-ref.ts';

describe('evidenceHref', () => {
  it('links a memory to its page in the project, and nothing else', () => {
    expect(evidenceHref('memory:mem_01ABC', 'acme', 'codehost:acme/api')).toBe(
      '/memories/mem_01ABC?workspace=acme&project=codehost%3Aacme%2Fapi',
    );
    expect(evidenceHref('audit:aud_01ABC', 'acme', 'api')).toBeNull();
    expect(evidenceHref('git_event:gev_1', 'acme', 'api')).toBeNull();
    expect(evidenceHref('memory:', 'acme', 'api')).toBeNull();
  });
});
