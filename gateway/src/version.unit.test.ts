import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TOLLGATE_VERSION } from './version.js';

describe('TOLLGATE_VERSION', () => {
  it("is the root package's version, as new-api shows one", () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(TOLLGATE_VERSION).toBe(`v${version}`);
    expect(TOLLGATE_VERSION).toMatch(/^v\d+\.\d+\.\d+/);
  });
});
