import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config.js';
import { type EmbeddedTollgate, startEmbedded } from '../../../src/embedded.js';
import { type OpenAIMock, startOpenAIMock } from '../../mock-upstream/openai/openai-mock.js';
import type { OpenAIMockOptions } from '../../mock-upstream/openai/openai-mock-options.js';
import { ConsoleClient, createTokenKey } from '../clients/console-client.js';

/** A real embedded Tollgate on a temp data dir, a mock OpenAI upstream, and root logged in. */
export interface EmbeddedFixture {
  tollgate: EmbeddedTollgate;
  /** DATA_DIR: the SQLite files, for tests that write what an older version left. */
  dataDir: string;
  upstream: OpenAIMock;
  root: ConsoleClient;
  /** What root's login answered (it warns about the default password). */
  rootLogin: Awaited<ReturnType<ConsoleClient['login']>>;
  /** Starts a new Tollgate on the same data (after `tollgate.close()`), as a restart would. */
  restart(): Promise<EmbeddedTollgate>;
  close(): Promise<void>;
}

/** `env` adds configuration: sign-in providers pointed at local stand-ins, a faster task poll, ... */
export async function startEmbeddedFixture(mock: OpenAIMockOptions = {}, env: Record<string, string> = {}): Promise<EmbeddedFixture> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-e2e-'));
  const upstream = await startOpenAIMock(mock);
  const start = () => startEmbedded(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0', ...env }));
  const tollgate = await start();
  const root = new ConsoleClient(tollgate.url);
  const rootLogin = await root.login('root', '123456');
  const fixture: EmbeddedFixture = {
    tollgate,
    dataDir,
    upstream,
    root,
    rootLogin,
    restart: start,
    close: async () => {
      await fixture.tollgate.close();
      await upstream.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return fixture;
}

/** Registers and logs in a user, and has root set its quota. */
export async function userWithQuota(fixture: { tollgate: { url: string }; root: ConsoleClient }, username: string, quota: number): Promise<ConsoleClient> {
  const user = new ConsoleClient(fixture.tollgate.url);
  await user.must('POST', '/api/user/register', { username, password: `${username}-password`, password2: `${username}-password` });
  await user.login(username, `${username}-password`);
  const self = await user.must<{ id: number }>('GET', '/api/user/self');
  await fixture.root.must('PUT', '/api/user/', { id: self.id, quota });
  return user;
}

/** Root prices `mock-model` at ratio 1 and adds an OpenAI channel to the mock upstream for it. */
export async function addMockChannel(fixture: EmbeddedFixture): Promise<void> {
  await priceModels(fixture, { 'mock-model': 1 });
  await fixture.root.must('POST', '/api/channel/', { name: 'mock', type: 1, key: 'k', base_url: fixture.upstream.url, models: 'mock-model', group: 'default' });
}

/** Root prices models by ratio: completion tokens weigh like prompt tokens unless `completion` says otherwise. */
export async function priceModels(fixture: EmbeddedFixture, ratios: Record<string, number>, completion: Record<string, number> = {}): Promise<void> {
  await fixture.root.must('PUT', '/api/option/', { key: 'ModelRatio', value: JSON.stringify(ratios) });
  await fixture.root.must('PUT', '/api/option/', { key: 'CompletionRatio', value: JSON.stringify({ ...Object.fromEntries(Object.keys(ratios).map((m) => [m, 1])), ...completion }) });
}

/** A user given `quota` by root, with one token of the same quota; returns the user and its `sk-` key. */
export async function userWithKey(fixture: EmbeddedFixture, username: string, quota: number): Promise<{ user: ConsoleClient; key: string }> {
  const user = await userWithQuota(fixture, username, quota);
  const { key } = await createTokenKey(user, { name: `${username}-key`, remain_quota: quota, expired_time: -1 });
  return { user, key };
}
