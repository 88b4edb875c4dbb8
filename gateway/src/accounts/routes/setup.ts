import { newId } from '@tollgate/ledger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { newAuditEvent } from '../../ports/documents/audit-event.js';
import { hashPassword, verifyPassword } from '../../auth/password.js';
import { endUserSessions } from '../../auth/session.js';
import { DEFAULT_ROOT_PASSWORD, ROOT_USERNAME } from '../../bootstrap/root-user.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import type { User } from '../../ports/documents/user-store.js';
import type { ApiContext } from '../../api/support/context.js';
import { parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { OpsContext } from '../../contexts/ops.js';
import type { AuditContext } from '../../contexts/audit.js';

export type SetupDeps = AccountsContext & OpsContext & AuditContext;
type Deps = ApiContext<SetupDeps>['deps'];

const BAD_REQUEST = '请求参数有误';
const ALREADY_DONE = '系统已经初始化完成';
/** One wizard at a time across every gateway; long enough for a password hash and three writes. */
const WIZARD_LEASE_MS = 15_000;

const setupBody = z.object({
  username: z.string({ message: BAD_REQUEST }).trim().min(1, BAD_REQUEST).max(12, '用户名长度不能超过12个字符'),
  password: z.string({ message: BAD_REQUEST }),
  confirmPassword: z.string({ message: BAD_REQUEST }),
  SelfUseModeEnabled: z.boolean().optional(),
  DemoSiteEnabled: z.boolean().optional(),
});
type SetupBody = z.infer<typeof setupBody>;

/** new-api's checks, in its order: the two passwords agree, then the length. */
function checkPassword({ password, confirmPassword }: SetupBody): void {
  if (password !== confirmPassword) throw new ApiFailure('两次输入的密码不一致');
  if ([...password].length < 8) throw new ApiFailure('密码长度至少为8个字符');
}

/**
 * root, while it still has the default password and so the wizard may still name it. Once root
 * has a password of its own, setup is done whatever the option says (it is set here, durably).
 */
async function rootToSetUp(deps: Deps): Promise<User> {
  const root = await deps.users.byUsername(ROOT_USERNAME);
  if (!root) throw new ApiFailure('系统初始化失败: 找不到 root 用户');
  if (await verifyPassword(DEFAULT_ROOT_PASSWORD, root.passwordHash)) return root;
  await markDone(deps);
  throw new ApiFailure(ALREADY_DONE);
}

async function markDone(deps: Deps): Promise<void> {
  await deps.options.set('SetupCompleted', 'true');
  deps.notices.publish('options');
}

async function runWizard(deps: Deps, request: FastifyRequest, body: SetupBody): Promise<void> {
  const root = await rootToSetUp(deps);
  if (body.username !== ROOT_USERNAME && (await deps.users.byUsername(body.username))) throw new ApiFailure('用户名已存在');
  // Of wizards racing on any number of gateways one holds the lease; after it, root's password is
  // no longer the default, so a wizard that comes once the lease ran out is refused by rootToSetUp.
  if (!(await deps.leases.claim('setup-wizard', newId(), WIZARD_LEASE_MS))) throw new ApiFailure(ALREADY_DONE);
  const current = await rootToSetUp(deps);
  await deps.users.update(current.id, { username: body.username, passwordHash: await hashPassword(body.password) });
  await markDone(deps);
  deps.notices.publish('users', current.id);
  // Whoever signed in as root with the default password is signed out.
  await endUserSessions(deps, current.id);
  const target = { kind: 'user', id: String(root.id) };
  const actor = { userId: root.id, username: body.username };
  await deps.auditTrail.append(newAuditEvent({ type: 'SetupCompleted', actor, address: request.ip, target, before: { username: root.username }, after: { username: body.username }, detail: null }));
}

/**
 * The first-run wizard (new-api's /api/setup): names root and sets its password once. Until it has
 * run, /api/status says `setup: false`; INITIAL_ROOT_PASSWORD at start, or an administrator setting
 * a password of its own, counts as having run it.
 */
export function registerSetupRoutes(app: FastifyInstance, { deps }: ApiContext<SetupDeps>): void {
  const done = () => deps.options.boolean('SetupCompleted');
  route(app, 'GET', '/setup', null, async () => {
    if (done()) return ok({ status: true, root_init: false, database_type: '' });
    const root = await deps.users.byUsername(ROOT_USERNAME);
    return ok({ status: false, root_init: root !== null, database_type: deps.config.MONGODB_URI ? 'mongodb' : 'sqlite' });
  });

  route(app, 'POST', '/setup', null, async (request) => {
    if (done()) throw new ApiFailure(ALREADY_DONE);
    const body = parseInput(setupBody, request.body);
    checkPassword(body);
    await runWizard(deps, request, body);
    return ok(undefined, '系统初始化成功');
  });
}
