import { describe, expect, it } from 'vitest';
import { type SamplingNode, summarizeAllocations } from './allocation-sites.js';

const node = (functionName: string, url: string, selfSize: number, children: SamplingNode[] = []): SamplingNode => ({ callFrame: { functionName, url, lineNumber: 9 }, selfSize, children });

describe('summarizeAllocations', () => {
  it('adds bytes by allocating site and by the innermost file of ours on the stack', () => {
    const head = node('(root)', '', 0, [
      node('relay', 'file:///work/main/gateway/src/relay/relay-flow.ts', 100, [
        node('parse', 'file:///work/main/node_modules/zod/v4/core/schemas.js', 400),
        node('append', 'file:///work/main/ledger/src/adapters/sqlite/event-log-tables.ts', 50, [node('parse', 'file:///work/main/node_modules/zod/v4/core/schemas.js', 600)]),
      ]),
      node('onRead', 'node:internal/stream_base_commons', 300),
    ]);
    const summary = summarizeAllocations(head);
    expect(summary.totalBytes).toBe(1450);
    expect(summary.sites).toEqual([
      { site: 'parse zod/v4/core/schemas.js:10', bytes: 1000 },
      { site: 'onRead node:internal/stream_base_commons:10', bytes: 300 },
      { site: 'relay gateway/src/relay/relay-flow.ts:10', bytes: 100 },
      { site: 'append ledger/src/adapters/sqlite/event-log-tables.ts:10', bytes: 50 },
    ]);
    expect(summary.ownFiles).toEqual([
      { site: 'ledger/src/adapters/sqlite/event-log-tables.ts', bytes: 650 },
      { site: 'gateway/src/relay/relay-flow.ts', bytes: 500 },
      { site: '(none)', bytes: 300 },
    ]);
  });
});
