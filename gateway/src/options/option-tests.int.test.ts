import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { optionDefaults } from './option-defaults.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TEST_FILE = /\.test\.tsx?$/;
/** A test's or a group's name: the first string of it(...), test(...) or describe(...), with .each. */
const TEST_NAME = /\b(?:it|test|describe)(?:\.each\([\s\S]*?\))?\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? testFiles(path) : TEST_FILE.test(entry.name) ? [path] : [];
  });
}

/**
 * Every option must change what Tollgate does and have a test that proves it. The tests name the
 * keys they prove (`it('RetryTimes: ...')`), so a new option without one fails here, by name.
 */
describe('the options and their tests', () => {
  it('names every option key in at least one test', () => {
    const names = ['gateway', 'console/src'].flatMap((dir) => testFiles(join(ROOT, dir))).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(TEST_NAME)].map((m) => m[2] ?? ''));
    expect(names.length).toBeGreaterThan(500);
    const untested = Object.keys(optionDefaults).filter((key) => !names.some((name) => new RegExp(`\\b${key}\\b`).test(name)));
    expect(untested).toEqual([]);
  });
});
