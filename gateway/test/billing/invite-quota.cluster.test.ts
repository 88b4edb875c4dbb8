import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClusterRun } from '../support/fleets/cluster-run.js';
import { requiredClusterEngines } from '../support/config.js';
import { ConsoleClient, eventually } from '../support/clients/console-client.js';
import { type GatewayProcess, type RoleProcess, startGatewayProcess, startRole } from '../support/gateways/role-process.js';

interface Self {
  quota: number;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
}

/**
 * aff_transfer where the invite account is written by another process: a ledger role on Kafka
 * and FerretDB, two gateway processes sharing their invite holds in Redis.
 */
const cluster = new ClusterRun(requiredClusterEngines());

describe('cluster mode: the invite quota across two gateways', () => {
  let ledger: RoleProcess;
  let a: GatewayProcess;
  let b: GatewayProcess;

  beforeAll(async () => {
    ledger = startRole('ledger', cluster.roleEnv());
    a = await startGatewayProcess(cluster.roleEnv());
    b = await startGatewayProcess(cluster.roleEnv());
    const root = new ConsoleClient(a.url);
    await root.login('root', '123456');
    for (const [key, value] of Object.entries({ QuotaPerUnit: '1000', QuotaForInviter: '3000', QuotaForNewUser: '0' })) {
      await root.must('PUT', '/api/option/', { key, value });
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.allSettled([a?.stop(), b?.stop(), ledger?.stop()]);
    cluster.removeDataDirs();
  });

  async function signIn(gateway: GatewayProcess, username: string): Promise<ConsoleClient> {
    const user = new ConsoleClient(gateway.url);
    await user.login(username, 'password-1');
    return user;
  }

  it('moves the whole invite quota once when fifty transfers ask for it on both gateways at once', async () => {
    const alice = new ConsoleClient(a.url);
    await alice.must('POST', '/api/user/register', { username: 'inv-alice', password: 'password-1' });
    await alice.login('inv-alice', 'password-1');
    const code = await alice.must<string>('GET', '/api/user/aff');
    await new ConsoleClient(b.url).must('POST', '/api/user/register', { username: 'inv-bob', password: 'password-1', aff_code: code });
    const onB = await signIn(b, 'inv-alice');
    await eventually(async () => ((await onB.must<Self>('GET', '/api/user/self')).aff_quota === 3000 ? true : undefined), 10_000, 'the reward applied');
    const transfer = (user: ConsoleClient) => user.call('POST', '/api/user/aff_transfer', { quota: 3000 });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => transfer(i % 2 === 0 ? alice : onB)));
    expect(answers.filter((answer) => answer.success)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.success).map((answer) => answer.message)).toEqual(Array(49).fill('划转失败 邀请额度不足！'));
    const self = await eventually(async () => {
      const view = await alice.must<Self>('GET', '/api/user/self');
      return view.quota === 3000 ? view : undefined;
    }, 10_000, 'the ledger process applied the transfer');
    expect(self).toMatchObject({ quota: 3000, aff_count: 1, aff_quota: 0, aff_history_quota: 3000 });
    // Once applied, the ledger's balance and the holds agree: nothing more to move.
    expect((await transfer(onB)).message).toBe('划转失败 邀请额度不足！');
  });
});
