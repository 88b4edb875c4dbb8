import type { LiveFanout } from '../../src/ports/live-fanout.js';

export interface Push {
  to: { userId: number } | 'admins' | 'admin-tail';
  event: string;
  payload: unknown;
}

/** A LiveFanout that keeps what it was asked to push, for tests without sockets. */
export class RecordingFanout implements LiveFanout {
  readonly pushes: Push[] = [];

  /** `listening`: which audiences have a console open; every one, unless told. */
  constructor(private readonly listening: (to: Push['to']) => boolean = () => true) {}

  toUser(userId: number, event: string, payload: unknown): void {
    this.pushes.push({ to: { userId }, event, payload });
  }

  toAdmins(event: string, payload: unknown): void {
    this.pushes.push({ to: 'admins', event, payload });
  }

  reachesUser(userId: number): boolean {
    return this.listening({ userId });
  }

  reachesAdmins(): boolean {
    return this.listening('admins');
  }

  toAdminTail(event: string, payload: unknown): void {
    this.pushes.push({ to: 'admin-tail', event, payload });
  }

  reachesAdminTail(): boolean {
    return this.listening('admin-tail');
  }
}
