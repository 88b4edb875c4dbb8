import { EventEmitter } from 'node:events';

/**
 * Cancels a call's upstream request when its client leaves. undici takes an EventEmitter as a
 * request's signal; an AbortController there cost every relayed call its creation and an
 * EventTarget listener added and removed (about 3% of a call's CPU), for the rare call whose
 * client leaves. A provider that needs a standard AbortSignal (a WebSocket) asks for one.
 */
export class UpstreamCancel extends EventEmitter {
  aborted = false;
  private controller: AbortController | null = null;

  /** Cancels once; later calls do nothing. */
  cancel(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.controller?.abort();
    this.emit('abort');
  }

  /** A standard AbortSignal that follows this one, made on first use. */
  abortSignal(): AbortSignal {
    this.controller ??= new AbortController();
    if (this.aborted) this.controller.abort();
    return this.controller.signal;
  }
}
