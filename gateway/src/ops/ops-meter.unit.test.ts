import { describe, expect, it } from 'vitest';
import { percentile } from '../ports/hot-state/latency-histogram.js';
import { type OpsCall, OpsMeter } from './ops-meter.js';
import { keepTopSpenders, mergeTally, tallySchema } from '../ports/hot-state/ops-tally.js';

const dora = { id: 7, name: 'dora' };
const call = (fields: Partial<OpsCall>): OpsCall => ({ channelId: 3, model: 'gpt-4o', status: 200, useTimeMs: 100, tokens: 12, quota: 12, user: dora, apiToken: { id: 70, name: 'dora-key' }, ...fields });

describe('OpsMeter', () => {
  it('tallies calls, errors by status, tokens and spend per channel, model, user and token', () => {
    const meter = new OpsMeter();
    meter.record(call({}));
    meter.record(call({ model: 'gpt-4o-mini', firstTokenMs: 40, useTimeMs: 300 }));
    meter.record(call({ status: 429, tokens: 0, quota: 0 }));
    meter.record(call({ channelId: 0, status: 403, tokens: 0, quota: 0, user: { id: 8, name: 'eve' }, apiToken: undefined }));
    const tally = meter.drain();
    expect([tally.calls, tally.errors, tally.tokens, tally.quota]).toEqual([4, 2, 24, 24]);
    expect(tally.channels['3']).toMatchObject({ calls: 3, errors: { '429': 1 }, tokens: 24 });
    expect(tally.channels['0']).toMatchObject({ calls: 1, errors: { '403': 1 } });
    expect(tally.models['gpt-4o']).toMatchObject({ calls: 3, errors: { '429': 1, '403': 1 } });
    expect(percentile(tally.models['gpt-4o-mini']?.firstToken ?? {}, 0.5)).toBeGreaterThanOrEqual(40);
    expect(percentile(tally.models['gpt-4o-mini']?.firstToken ?? {}, 0.5)).toBeLessThanOrEqual(44);
    expect(percentile(tally.models['gpt-4o']?.firstToken ?? {}, 0.5)).toBeNull();
    expect(tally.users).toEqual({ '7': { name: 'dora', quota: 24, calls: 3 }, '8': { name: 'eve', quota: 0, calls: 1 } });
    expect(tally.apiTokens).toEqual({ '70': { name: 'dora-key', quota: 24, calls: 3 } });
  });

  it('tallies models named like Object.prototype properties as models, writing nothing onto the prototype (issue #33 regression)', () => {
    const meter = new OpsMeter();
    const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];
    for (const model of names) meter.record(call({ model, status: 503 }));
    const tally = meter.drain();
    expect(({} as Record<string, unknown>).calls).toBeUndefined();
    expect(Object.keys(tally.models).sort()).toEqual([...names].sort());
    for (const model of names) expect(Object.getOwnPropertyDescriptor(tally.models, model)?.value).toMatchObject({ calls: 1, errors: { '503': 1 } });
    // A report over Redis carries them as JSON; the board merges them by name.
    const board = mergeTally(mergeTally(meter.drain(), tally), tallySchema.parse(JSON.parse(JSON.stringify(tally))));
    for (const model of names) expect(Object.getOwnPropertyDescriptor(board.models, model)?.value, model).toMatchObject({ calls: 2 });
    expect(typeof board.models.toString).toBe('object');
  });

  it('starts afresh after each drain, so no call is counted twice', () => {
    const meter = new OpsMeter();
    meter.record(call({}));
    expect(meter.drain().calls).toBe(1);
    expect(meter.drain()).toMatchObject({ calls: 0, channels: {}, users: {} });
  });

  it('counts calls in flight', () => {
    const meter = new OpsMeter();
    meter.callStarted();
    meter.callStarted();
    meter.callEnded();
    expect(meter.callsInFlight()).toBe(1);
  });
});

describe('keepTopSpenders', () => {
  it('keeps the biggest spenders of each kind and leaves the totals alone', () => {
    const meter = new OpsMeter();
    for (let id = 1; id <= 5; id++) meter.record(call({ quota: id * 10, user: { id, name: `u${id}` }, apiToken: { id: 100 + id, name: `k${id}` } }));
    const kept = keepTopSpenders(meter.drain(), 2);
    expect(Object.keys(kept.users).sort()).toEqual(['4', '5']);
    expect(Object.keys(kept.apiTokens).sort()).toEqual(['104', '105']);
    expect([kept.calls, kept.quota]).toEqual([5, 150]);
  });
});
