/** Years 0001 to 9999: the instants both engines store from an ISO string (PostgreSQL has no year 0,
 * and `toISOString` writes six-digit years past 9999). */
export const isStorableTime = (ms: number) => ms >= -62_135_596_800_000 && ms < 253_402_300_800_000;
