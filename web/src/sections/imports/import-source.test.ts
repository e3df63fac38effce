import { describe, expect, it } from 'vitest';
import { bytes, sourceForFile } from './import-source.ts';

describe('sourceForFile', () => {
  it('guesses the source from the extension, as ctxhub import does', () => {
    expect(sourceForFile('session.JSONL')).toBe('agent_jsonl');
    expect(sourceForFile('export.json')).toBe('agent_json_export');
    expect(sourceForFile('notes.md')).toBe('text');
    expect(sourceForFile('json')).toBe('text');
  });
});

describe('bytes', () => {
  it('counts in B, KB and MB', () => {
    expect([bytes(0), bytes(1023), bytes(1024), bytes(1536), bytes(5 * 1024 * 1024)]).toEqual([
      '0 B',
      '1023 B',
      '1.0 KB',
      '1.5 KB',
      '5.0 MB',
    ]);
  });
});
