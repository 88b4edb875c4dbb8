import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { ImportBusyError } from '../../ports/database-imports.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import type { OpsContext } from '../../contexts/ops.js';

export type ImportDeps = OpsContext;

const startBody = z.object({
  /** A SQLite path on this server, or a MySQL/MariaDB or PostgreSQL DSN (new-api's SQL_DSN). */
  source: z.string({ message: '请填写导入源' }).trim().min(1, '请填写导入源').max(2048, '导入源过长'),
  /** new-api's separate log database (its LOG_SQL_DSN), when it had one. */
  logs_source: z.string({ message: '无效的参数' }).trim().max(2048, '导入源过长').default(''),
  dry_run: z.boolean({ message: '无效的参数' }).default(false),
});

/**
 * The import from new-api/one-api as a console page (root only): start one, then poll its
 * progress per table and its report. The DSN's password is never answered back.
 */
export function registerImportRoutes(app: FastifyInstance, { deps, guard }: ApiContext<ImportDeps>): void {
  route(app, 'GET', '/import/', guard.root, async () => ok(deps.imports.current()));

  route(app, 'POST', '/import/', guard.root, async (request) => {
    const { source, logs_source: logSource, dry_run: dryRun } = parseInput(startBody, request.body);
    try {
      const me = signedIn(request);
      const actor = { userId: me.id, username: me.username };
      return ok(await deps.imports.start({ source, dryRun, actor, address: request.ip, ...(logSource ? { logSource } : {}) }));
    } catch (error) {
      if (error instanceof ImportBusyError) throw new ApiFailure('已有导入正在进行，请等待其完成');
      throw new ApiFailure(`无法打开导入源：${error instanceof Error ? error.message : String(error)}`);
    }
  });
}
