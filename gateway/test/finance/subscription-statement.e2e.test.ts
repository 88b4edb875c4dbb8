import { type StatementLine, statementLineSchema } from '@tollgate/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EpayMock, startEpayMock } from '../mock-upstream/services/epay-mock.js';
import { chatStatus } from '../support/clients/chat-status.js';
import { type ConsoleClient, eventually } from '../support/clients/console-client.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

/**
 * Issue #41's statements on a real embedded server: a user buys a plan from the wallet, two calls
 * are paid by the plan, one the upstream fails (given back whole), and one by the wallet; then a
 * second plan is paid through Epay. The user's statement and the finance statement list both
 * purchases, the plan's use and the wallet's consumption, and reconcile; every figure here is
 * computed from the test's own prices, not read back. The ledger's proof stays clean. Then every
 * log row is deleted through DELETE /api/log: the same statements still reconcile, as the calls
 * subscriptions paid are read from their own rollup, not from the rows.
 */
const PROMPT = 6;
const COMPLETION = 9;
const CALL_COST = PROMPT + COMPLETION; // every ratio 1
const QUOTA_PER_UNIT = 500_000;
const PRICE_USD = 1;
const PRICE = PRICE_USD * QUOTA_PER_UNIT;
const WALLET = PRICE + 100_000;
const PLAN_CALLS = 2;
const WALLET_CALLS = 1;
const EPAY = { pid: '1001', key: 'epay-merchant-key' };

const lines = (body: string): StatementLine[] => body.trim().split('\n').map((line) => statementLineSchema.parse(JSON.parse(line)));

describe('statements with subscriptions', () => {
  let fixture: EmbeddedFixture;
  let user: ConsoleClient;
  let userId: number;
  let start: number;
  let planId: number;
  let epay: EpayMock;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ promptTokens: PROMPT, completionTokens: COMPLETION });
    await addMockChannel(fixture);
    start = Math.floor(Date.now() / 60_000) * 60 - 60;
    const plan = { title: 'statement plan', price_amount: PRICE_USD, duration_unit: 'day', duration_value: 30, total_amount: 100 * CALL_COST, quota_reset_period: 'daily' };
    ({ id: planId } = await fixture.root.must<{ id: number }>('POST', '/api/subscription/admin/plans', { plan }));
    let key: string;
    ({ user, key } = await userWithKey(fixture, 'sally', WALLET));
    userId = (await user.must<{ id: number }>('GET', '/api/user/self')).id;
    await user.must('POST', '/api/subscription/balance/pay', { plan_id: planId });
    for (let i = 0; i < PLAN_CALLS; i++) expect(await chatStatus(fixture.tollgate.url, key, 20)).toBe(200);
    // A call the upstream fails is held on the plan, then given back whole: it costs the plan nothing and no statement lists it.
    fixture.upstream.configure({ failWith: 500 });
    expect(await chatStatus(fixture.tollgate.url, key, 20)).toBeGreaterThanOrEqual(500);
    fixture.upstream.configure({ failWith: 0 });
    await user.must('PUT', '/api/subscription/self/preference', { billing_preference: 'wallet_only' });
    for (let i = 0; i < WALLET_CALLS; i++) expect(await chatStatus(fixture.tollgate.url, key, 20)).toBe(200);
    // Every call logged (ingested into chdb) before the statements read the history.
    await eventually(async () => ((await user.must<{ total: number }>('GET', '/api/log/self?type=2')).total === PLAN_CALLS + WALLET_CALLS ? true : undefined), 15_000, 'the calls logged');
  });

  afterAll(async () => {
    await epay?.close();
    await fixture?.close();
  });

  const end = () => Math.ceil(Date.now() / 60_000) * 60 + 60;

  function checkUserLines(mine: StatementLine[]): void {
    const closing = WALLET - PRICE - WALLET_CALLS * CALL_COST;
    // The plan bought from the wallet is a debit of its price; the one paid through Epay is listed and moves nothing.
    expect(mine.filter((l) => l.line === 'subscription').map((l) => l.quota)).toEqual([-PRICE, 0]);
    expect(mine.filter((l) => l.line === 'consumption').reduce((sum, l) => sum + l.quota, 0)).toBe(-WALLET_CALLS * CALL_COST);
    expect(mine.filter((l) => l.line === 'consumption').reduce((sum, l) => sum + l.requests, 0)).toBe(WALLET_CALLS);
    const use = mine.filter((l) => l.line === 'subscription_use');
    expect(use.reduce((sum, l) => sum + l.requests, 0)).toBe(PLAN_CALLS);
    expect(use.map((l) => l.quota)).toEqual(use.map(() => 0));
    expect(use.map((l) => l.content).join(' ')).toContain(`${PLAN_CALLS * CALL_COST} quota paid by subscriptions`);
    expect(mine.at(-1)).toMatchObject({ line: 'closing', quota: closing, credits: WALLET, debits: PRICE + WALLET_CALLS * CALL_COST, difference: 0, content: 'reconciled' });
  }

  it('the failed call gave back what it held: the window counted only the served calls', async () => {
    const mine = await user.must<{ subscriptions: { windows: { amount_used: number }[] }[] }>('GET', '/api/subscription/self');
    expect(mine.subscriptions.map((s) => s.windows.map((w) => w.amount_used))).toEqual([[PLAN_CALLS * CALL_COST]]);
  });

  /** A statement over the test's whole period, `until` fixed by the caller so two reads of it can be compared. */
  async function statement(client: ConsoleClient, path: string, until = end()): Promise<StatementLine[]> {
    const answer = await client.send('GET', `${path}?format=jsonl&start_timestamp=${start}&end_timestamp=${until}`);
    expect(answer.status).toBe(200);
    return lines(await answer.text());
  }

  const everyClosingReconciles = (all: StatementLine[]) => {
    const closings = all.filter((l) => l.line === 'closing');
    expect(closings.map((l) => [l.user_id, l.difference])).toEqual(closings.map((l) => [l.user_id, 0]));
  };

  it('a second plan paid through Epay starts once and reaches the history, taking nothing from the wallet', async () => {
    epay = await startEpayMock(EPAY.pid, EPAY.key);
    const options = { ServerAddress: fixture.tollgate.url, PayAddress: epay.url, EpayId: EPAY.pid, EpayKey: EPAY.key };
    for (const [key, value] of Object.entries(options)) await fixture.root.must('PUT', '/api/option/', { key, value });
    const answer = (await (await user.send('POST', '/api/subscription/epay/pay', { plan_id: planId, payment_method: 'alipay' })).json()) as { success: boolean; data: Record<string, string>; url: string };
    expect(answer).toMatchObject({ success: true, url: `${epay.url}/submit.php` });
    expect((await fetch(answer.url, { method: 'POST', body: new URLSearchParams(answer.data) })).status).toBe(200); // what the browser's form does
    expect(await epay.pay(answer.data.out_trade_no ?? '')).toBe('success');
    const purchases = async () => (await statement(user, '/api/statement/self')).filter((l) => l.line === 'subscription').length;
    await eventually(async () => ((await purchases()) === 2 ? true : undefined), 15_000, 'the Epay purchase in the history');
    expect((await user.must<{ subscriptions: unknown[] }>('GET', '/api/subscription/self')).subscriptions).toHaveLength(2);
  });

  it("the user's own statement lists the purchase, the plan's use and the wallet's calls, and reconciles with the wallet", async () => {
    checkUserLines(await statement(user, '/api/statement/self'));
    expect((await user.must<{ quota: number }>('GET', '/api/user/self')).quota).toBe(WALLET - PRICE - WALLET_CALLS * CALL_COST);
  });

  it('the finance statement over every user reconciles each of them, the subscriber included', async () => {
    const all = await statement(fixture.root, '/api/statement');
    checkUserLines(all.filter((l) => l.user_id === userId));
    everyClosingReconciles(all);
  });

  const proofIsClean = async () => {
    const proof = await fixture.root.must<{ clean: boolean; drift_count: number; drifts: unknown[] }>('POST', '/api/ledger_audit/');
    expect(proof).toMatchObject({ clean: true, drift_count: 0, drifts: [] });
  };

  it("the ledger's proof is clean: every balance explained by the kept history, the consume rows agreeing with the ledger's calls", proofIsClean);

  it('after every log row is deleted (DELETE /api/log), both statements list the same lines and still reconcile, and the proof stays clean', async () => {
    const until = end();
    const before = { mine: await statement(user, '/api/statement/self', until), all: await statement(fixture.root, '/api/statement', until) };
    const deleted = await fixture.root.must<number>('DELETE', `/api/log/?target_timestamp=${Math.floor(Date.now() / 1000) + 1}`);
    expect(deleted).toBeGreaterThanOrEqual(PLAN_CALLS + WALLET_CALLS);
    expect((await user.must<{ total: number }>('GET', '/api/log/self?type=2')).total).toBe(0);
    const mine = await statement(user, '/api/statement/self', until);
    checkUserLines(mine);
    expect(mine).toEqual(before.mine);
    const all = await statement(fixture.root, '/api/statement', until);
    expect(all).toEqual(before.all);
    everyClosingReconciles(all);
    await proofIsClean();
  });
});
