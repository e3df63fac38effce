/** When a session last used at `lastSeen` ends if unused: after the idle time, never after its absolute expiry. */
export const idleExpiry = (lastSeen: Date, expiresAt: Date, idleMs: number): Date =>
  new Date(Math.min(lastSeen.getTime() + idleMs, expiresAt.getTime()));
