import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hashPassword } from '../../auth/password.js';
import { ROOT_USERNAME } from '../../bootstrap/root-user.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import type { ApiContext } from './support/context.js';
import { parseInput } from './support/input.js';
import { route } from './support/route.js';
import type { GatewayDeps } from '../../deps.js';

export type SetupDeps = Pick<GatewayDeps, 'config' | 'notices' | 'options' | 'users'>;

const BAD_REQUEST = '请求参数有误';
const setupBody = z.object({
  username: z.string({ message: BAD_REQUEST }).trim().min(1, BAD_REQUEST).max(12, '用户名长度不能超过12个字符'),
  password: z.string({ message: BAD_REQUEST }),
  confirmPassword: z.string({ message: BAD_REQUEST }),
  SelfUseModeEnabled: z.boolean().optional(),
  DemoSiteEnabled: z.boolean().optional(),
});

/** new-api's checks, in its order: the two passwords agree, then the length. */
function checkPassword({ password, confirmPassword }: z.infer<typeof setupBody>): void {
  if (password !== confirmPassword) throw new ApiFailure('两次输入的密码不一致');
  if ([...password].length < 8) throw new ApiFailure('密码长度至少为8个字符');
}

async function renameRoot(deps: ApiContext<SetupDeps>['deps'], username: string, password: string): Promise<void> {
  const root = await deps.users.byUsername(ROOT_USERNAME);
  if (!root) throw new ApiFailure('系统初始化失败: 找不到 root 用户');
  if (username !== ROOT_USERNAME && (await deps.users.byUsername(username))) throw new ApiFailure('用户名已存在');
  await deps.users.update(root.id, { username, passwordHash: await hashPassword(password) });
}

/**
 * The first-run wizard (new-api's /api/setup): names root and sets its password once. Until it has
 * run, /api/status says `setup: false`; INITIAL_ROOT_PASSWORD at start counts as having run it.
 */
export function registerSetupRoutes(app: FastifyInstance, { deps }: ApiContext<SetupDeps>): void {
  // Claimed before the first await, so of two wizards racing in one process only one renames root.
  let claimed = false;
  const done = () => claimed || deps.options.boolean('SetupCompleted');
  route(app, 'GET', '/setup', null, async () => {
    if (done()) return ok({ status: true, root_init: false, database_type: '' });
    const root = await deps.users.byUsername(ROOT_USERNAME);
    return ok({ status: false, root_init: root !== null, database_type: deps.config.MONGODB_URI ? 'mongodb' : 'sqlite' });
  });

  route(app, 'POST', '/setup', null, async (request) => {
    if (done()) throw new ApiFailure('系统已经初始化完成');
    const body = parseInput(setupBody, request.body);
    checkPassword(body);
    claimed = true;
    try {
      await renameRoot(deps, body.username, body.password);
      await deps.options.set('SetupCompleted', 'true');
    } finally {
      claimed = false;
    }
    deps.notices.publish('options');
    return ok(undefined, '系统初始化成功');
  });
}
