import { type OpenAIMock, startOpenAIMock } from '../../mock-upstream/openai/openai-mock.js';
import type { OpenAIMockOptions } from '../../mock-upstream/openai/openai-mock-options.js';
import { ANSWER, ANSWER_TOKENS, BURST_MODEL_NAMES, PROMPT_TOKENS, priceBurstModels } from './burst.js';
import type { ClusterRun } from './cluster-run.js';
import { ConsoleClient } from '../clients/console-client.js';
import { type GatewayProcess, type RoleProcess, startGatewayProcess, startRole } from '../gateways/role-process.js';

/** A ledger and two gateways on one cluster run, the burst models priced and served by a mock upstream. */
export interface BurstFleet {
  ledger: RoleProcess;
  a: GatewayProcess;
  b: GatewayProcess;
  upstream: OpenAIMock;
  /** Root's console, signed in on gateway `a`. */
  root: ConsoleClient;
  stop(): Promise<void>;
}

export async function startBurstFleet(run: ClusterRun, upstreamOptions: OpenAIMockOptions = {}): Promise<BurstFleet> {
  const upstream = await startOpenAIMock({ reply: ANSWER, promptTokens: PROMPT_TOKENS, completionTokens: ANSWER_TOKENS, ...upstreamOptions });
  const ledger = startRole('ledger', run.roleEnv());
  const [a, b] = await Promise.all([startGatewayProcess(run.roleEnv()), startGatewayProcess(run.roleEnv())]);
  const root = new ConsoleClient(a.url);
  await root.login('root', '123456');
  await priceBurstModels(root);
  await root.must('POST', '/api/channel/', { name: 'burst', type: 1, key: 'k', base_url: upstream.url, models: BURST_MODEL_NAMES, group: 'default' });
  return {
    ledger,
    a,
    b,
    upstream,
    root,
    stop: async () => {
      await Promise.allSettled([a.stop(), b.stop(), ledger.stop()]);
      await upstream.close();
    },
  };
}
