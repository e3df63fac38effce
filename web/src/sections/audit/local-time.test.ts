import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-time.ts';

/** A time given in the machine's own time zone, as a datetime-local field shows it. */
const local = (y: number, mo: number, d: number, h: number, mi: number, s: number, ms = 0) =>
  new Date(y, mo - 1, d, h, mi, s, ms);

describe('toLocalInput', () => {
  it('shows an ISO time in the local time zone, to the second', () => {
    expect(toLocalInput(local(2024, 3, 5, 7, 8, 9, 500).toISOString())).toBe('2024-03-05T07:08:09');
  });

  it('shows nothing for no time or one that is not a time', () => {
    expect(toLocalInput('')).toBe('');
    expect(toLocalInput('yesterday')).toBe('');
  });
});

describe('fromLocalInput', () => {
  it('reads a field as the ISO time the API takes; an end takes in its whole second', () => {
    expect(fromLocalInput('2024-03-05T07:08:09', 'start', '')).toBe(local(2024, 3, 5, 7, 8, 9).toISOString());
    expect(fromLocalInput('2024-03-05T07:08', 'end', '')).toBe(local(2024, 3, 5, 7, 8, 0, 999).toISOString());
  });

  it('keeps the exact time it came from while the field still shows it', () => {
    const exact = local(2024, 3, 5, 7, 8, 9, 123).toISOString();
    expect(fromLocalInput(toLocalInput(exact), 'end', exact)).toBe(exact);
    expect(fromLocalInput('2024-03-05T07:08:10', 'start', exact)).toBe(
      local(2024, 3, 5, 7, 8, 10).toISOString(),
    );
  });

  it('is empty for an empty or unreadable field', () => {
    expect(fromLocalInput('', 'start', 'x')).toBe('');
    expect(fromLocalInput('soon', 'end', '')).toBe('');
  });
});
