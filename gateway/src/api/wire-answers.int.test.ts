import Database from 'better-sqlite3';
import { auditEventRowSchema, ledgerAuditRunPageSchema, ledgerAuditRunSchema, pricingAnswerSchema, serverStatusSchema } from '@tollgate/wire';
import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login } from '../../test/api-app.js';
import { chdbHoldingLogs } from '../../test/support/engines/chdb-logs.js';
import { ledgerWithLogs } from '../ledger-proof/testing/proven-ledger.js';

const querier = chdbHoldingLogs('wire-answers', []);

/** The console reads these answers with wire's types: each real answer must parse with wire's schema, field for field. */
describe("the gateway's answers as wire describes them", () => {
  it('GET /api/status parses as ServerStatus, with every option-driven field present', async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    await root.call('PUT', '/api/option/', { key: 'Chats', value: JSON.stringify([{ NextChat: 'https://chat.example/#/?key={key}' }]) });
    const status = (await app.inject({ method: 'GET', url: '/api/status' })).json<{ data: unknown }>().data;
    const parsed = serverStatusSchema.parse(status);
    expect(parsed).toEqual(status); // nothing the gateway sends is left out of wire's shape
    expect(parsed.chats).toEqual([{ NextChat: 'https://chat.example/#/?key={key}' }]);
  });

  it('GET /api/pricing parses as PricingAnswer, per-usage and per-call entries alike', async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    await root.call('PUT', '/api/option/', { key: 'ModelPrice', value: '{"image-b":0.04}' });
    await root.call('POST', '/api/channel/', { mode: 'single', channel: { name: 'on', type: 1, key: 'k1', models: 'chat-a,image-b', group: 'default,vip' } });
    const answer: unknown = (await app.inject({ method: 'GET', url: '/api/pricing' })).json();
    const parsed = pricingAnswerSchema.parse(answer);
    expect(parsed).toEqual(answer);
    expect(parsed.data.map((entry) => [entry.model_name, entry.quota_type])).toEqual([['chat-a', 0], ['image-b', 1]]);
  });

  it('GET /api/audit/ rows parse as AuditEventRow', async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    await root.call('PUT', '/api/option/', { key: 'SystemName', value: 'Audited' });
    const page = (await root.call<{ items: unknown[] }>('GET', '/api/audit/')).body.data;
    expect(page.items.length).toBeGreaterThan(0);
    for (const row of page.items) expect(auditEventRowSchema.parse(row)).toEqual(row);
    expect(page.items.map((row) => auditEventRowSchema.parse(row).type)).toContain('OptionUpdated');
  });

  it('POST and GET /api/ledger_audit/ parse as LedgerAuditRun and its page, a run with drift included', async () => {
    const { path, prover } = await ledgerWithLogs(querier());
    const { app, deps } = await buildApiHarness();
    deps.ledgerProof = prover;
    const root = await login(app, 'root', ROOT_PASSWORD);
    const ledger = new Database(path);
    ledger.prepare('UPDATE ledger_user_balances SET quota = quota - 250 WHERE user_id = 1').run();
    ledger.close();
    const run = (await root.call('POST', '/api/ledger_audit/')).body.data;
    expect(ledgerAuditRunSchema.parse(run)).toEqual(run);
    expect(ledgerAuditRunSchema.parse(run).drifts).toHaveLength(1);
    const page = (await root.call('GET', '/api/ledger_audit/')).body.data;
    expect(ledgerAuditRunPageSchema.parse(page)).toEqual(page);
  });
});
