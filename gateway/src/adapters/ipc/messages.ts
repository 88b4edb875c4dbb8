import { z } from 'zod';

/**
 * What crosses between a relay worker and the process that owns the shared stores (README,
 * "Relay workers"): a call to a port's method, its result, and a push (a notice, a balance change)
 * the owner sends to workers. Every message is parsed on receipt; one that does not parse is dropped.
 */
const callSchema = z.object({ t: z.literal('tg-call'), id: z.number().int().positive(), port: z.string().min(1).max(40), method: z.string().min(1).max(40), args: z.array(z.unknown()).max(8) });
const resultSchema = z.object({ t: z.literal('tg-result'), id: z.number().int().positive(), ok: z.boolean(), value: z.unknown().optional(), error: z.string().optional() });
const pushSchema = z.object({ t: z.literal('tg-push'), topic: z.string().min(1).max(40), payload: z.unknown() });

export const ipcMessageSchema = z.discriminatedUnion('t', [callSchema, resultSchema, pushSchema]);
export type IpcMessage = z.infer<typeof ipcMessageSchema>;
export type IpcCall = z.infer<typeof callSchema>;
export type IpcResult = z.infer<typeof resultSchema>;
export type IpcPush = z.infer<typeof pushSchema>;

/** One side's end of the pipe: Node's IPC channel between cluster processes, or a loopback in tests. */
export interface IpcLink {
  send(message: IpcMessage): void;
  /** Returns a function that stops listening. */
  onMessage(listener: (message: unknown) => void): () => void;
}
