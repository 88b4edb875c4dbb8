import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AccountsContext } from '../contexts/accounts.js';
import type { MoneyContext } from '../contexts/money.js';
import type { ChannelsContext } from '../contexts/channels.js';
import type { AuditContext } from '../contexts/audit.js';
import { Role } from '../ports/documents/user-store.js';
import type { AdminWrite } from './admin-writes.js';
import { newAuditEvent } from '../ports/documents/audit-event.js';

export type AdminWriteDeps = AccountsContext & MoneyContext & ChannelsContext & AuditContext;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the audit trail records of this admin or root write (its route names it where it is registered). */
    audit?: AdminWrite;
  }
}

interface Pending {
  write: AdminWrite;
  before: unknown;
}

/**
 * A "before" that could not be read (the store failed) is said so, not recorded as null, which
 * means "there was none"; the write goes on, and the failure is logged.
 */
function unreadable(request: FastifyRequest, write: AdminWrite, error: unknown): { unreadable: string } {
  request.log.warn({ err: error, kind: write.kind }, 'audit: the state before an admin write could not be read');
  return { unreadable: error instanceof Error ? error.message : String(error) };
}

/**
 * What a `{ success, message, data }` answer gives the event: its `data` on success; for a write
 * that records failures too, the whole answer (its `success` and `message` say what happened).
 * Undefined when there is nothing to record.
 */
function recordable(write: AdminWrite, statusCode: number, payload: unknown): { data: unknown } | undefined {
  if (statusCode !== 200 || typeof payload !== 'string') return undefined;
  try {
    const body = JSON.parse(payload) as { success?: unknown; data?: unknown };
    if (write.recordsFailure) return { data: body };
    return body.success === true ? { data: body.data ?? null } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Records every admin and root write of the API in the audit trail, from one place: each route
 * registered with an audit entry (its `config.audit`) gets one more preHandler after its guard, which reads the
 * target's state before the route runs; once the route answered success it is read again and the
 * event is stored before the answer leaves, so a client that saw success finds the event.
 * Register before the routes.
 */
export function recordAdminWrites(app: FastifyInstance, deps: AdminWriteDeps): void {
  const pending = new WeakMap<FastifyRequest, Pending>();
  app.addHook('onRoute', (options) => {
    const write = options.config?.audit;
    if (!write) return;
    const snapshotBefore: preHandlerAsyncHookHandler = async (request) => {
      const before = write.state ? await Promise.resolve(write.state(deps, request)).catch((error: unknown) => unreadable(request, write, error)) : null;
      pending.set(request, { write, before });
    };
    // After the guard: a refused request reads nothing.
    options.preHandler = [...(options.preHandler ? [options.preHandler].flat() : []), snapshotBefore];
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const entry = pending.get(request);
    const actor = request.user;
    if (!entry || !actor || actor.role < Role.Admin) return payload;
    const { write, before } = entry;
    const answer = recordable(write, reply.statusCode, payload);
    if (!answer) return payload;
    try {
      const after = write.state ? await write.state(deps, request, answer.data) : null;
      const type = typeof write.type === 'function' ? write.type(request) : write.type;
      const target = { kind: write.kind, id: await write.target(request, answer.data, deps) };
      const detail = write.detail ? write.detail(request, answer.data) : null;
      await deps.auditTrail.append(newAuditEvent({ type, actor: { userId: actor.id, username: actor.username }, address: request.ip, target, before, after, detail: detail ?? null }));
    } catch (error) {
      // The write is done and answered; a trail that could not take it is an operator's alarm, not the client's failure.
      request.log.error({ err: error, kind: write.kind }, 'audit event not recorded');
    }
    return payload;
  });
}
