import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gatewayConfigSchema } from './config.js';

/** The variables docs/configuration.md's table names, in backquotes (a row may name several, or `…_DURATION` after its stem). */
function documentedVariables(): Set<string> {
  const table = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
  const names = new Set<string>();
  for (const row of table.split('\n').filter((line) => line.startsWith('| `'))) {
    const cell = row.split('|')[1] ?? '';
    const named = [...cell.matchAll(/`([A-Z0-9_…]+)`/g)].map((match) => match[1] ?? '');
    const stem = named[0] ?? '';
    for (const name of named) names.add(name.startsWith('…') ? stem + name.slice(1) : name);
  }
  return names;
}

describe('docs/configuration.md', () => {
  it('lists every variable the gateway reads, so an operator finds each one', () => {
    const undocumented = Object.keys(gatewayConfigSchema.shape).filter((name) => !documentedVariables().has(name));
    expect(undocumented).toEqual([]);
  });
});
