import { describe, expect, it } from 'vitest';
import { dayOf, startOfDay } from './local-day.ts';

describe('local days', () => {
  it('start at midnight of the day in the local time zone, and read back as that day', () => {
    const iso = startOfDay('2024-05-01');
    const d = new Date(String(iso));
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()]).toEqual([
      2024, 4, 1, 0, 0,
    ]);
    expect(dayOf(iso)).toBe('2024-05-01');
  });

  it('are nothing for an empty field, a day not written as YYYY-MM-DD, or no date', () => {
    expect([startOfDay(''), startOfDay('May 1'), startOfDay('2024-13-45')]).toEqual([null, null, null]);
    expect([dayOf(null), dayOf('soon')]).toEqual(['', '']);
  });
});
