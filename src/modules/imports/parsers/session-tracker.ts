import type { SessionEvent } from './types.ts';

interface SessionInfo {
  title: string | null;
  startedAt: Date | null;
}

/**
 * Decides when a `session` event is due: whenever the messages that follow belong to a session
 * other than the last announced one. A session seen again (interleaved) is announced again with
 * what is known of it; the consumer merges by id. Remembers one small record per session id.
 */
export class SessionTracker {
  private current: string | null = null;
  private readonly known = new Map<string, SessionInfo>();

  get currentId(): string | null {
    return this.current;
  }

  /** Makes `id` the current session; answers the event to emit, or null when it already is. */
  enter(id: string, startedAt: Date | null, title: string | null = null): SessionEvent | null {
    let info = this.known.get(id);
    if (!info) {
      info = { title, startedAt };
      this.known.set(id, info);
    } else {
      info.title ??= title;
      info.startedAt ??= startedAt;
    }
    if (id === this.current) return null;
    this.current = id;
    return this.event(id, info);
  }

  /**
   * Titles a known session that has no title yet; answers its re-announcement (which makes it the
   * current session again), or null when nothing changed.
   */
  title(id: string, title: string): SessionEvent | null {
    const info = this.known.get(id);
    if (!info || info.title !== null) return null;
    info.title = title;
    this.current = id;
    return this.event(id, info);
  }

  private event(id: string, info: SessionInfo): SessionEvent {
    return { type: 'session', sourceSessionId: id, title: info.title, startedAt: info.startedAt };
  }
}
