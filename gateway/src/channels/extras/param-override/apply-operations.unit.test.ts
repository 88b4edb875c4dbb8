import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyOperations, ParamOverrideFailed, ParamOverrideReturnError } from './apply-operations.js';
import type { Json } from './json-path.js';
import { type Operation, operationsOf } from './operations.js';

/** Operations as an admin writes them, read the way the relay reads them. */
const ops = (...list: Record<string, unknown>[]): Operation[] => operationsOf({ operations: list }) ?? [];
const run = (body: Json, ...list: Record<string, unknown>[]) => applyOperations(body, ops(...list));

const chat = (): Json => ({ model: 'gpt-4o', temperature: 0.7, messages: [{ role: 'system', content: '  Be Brief  ' }, { role: 'user', content: 'hi' }], metadata: { team: 'a' } });

describe('applyOperations, one mode at a time', () => {
  it('set: writes a nested path, making its parents; keep_origin leaves an existing value', () => {
    expect(run(chat(), { mode: 'set', path: 'extra.thinking.budget', value: 1024 })).toMatchObject({ extra: { thinking: { budget: 1024 } } });
    expect(run(chat(), { mode: 'set', path: 'temperature', value: 0.1, keep_origin: true })).toMatchObject({ temperature: 0.7 });
    expect(run(chat(), { mode: 'set', path: 'temperature', value: 0.1 })).toMatchObject({ temperature: 0.1 });
  });

  it('set with a number makes an array parent, and a negative index counts from the end', () => {
    expect(run({}, { mode: 'set', path: 'stop.0', value: 'END' })).toEqual({ stop: ['END'] });
    expect(run(chat(), { mode: 'set', path: 'messages.-1.content', value: 'bye' })).toMatchObject({ messages: [{ content: '  Be Brief  ' }, { content: 'bye' }] });
  });

  it('delete: removes a field, an array item by index, and leaves a missing path alone', () => {
    const body = run(chat(), { mode: 'delete', path: 'temperature' }, { mode: 'delete', path: 'messages.0' }, { mode: 'delete', path: 'nope.deeper' });
    expect(body).toEqual({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], metadata: { team: 'a' } });
  });

  it('move and copy: carry the value; move drops the source; a missing source fails the call', () => {
    expect(run(chat(), { mode: 'move', from: 'metadata.team', to: 'user' })).toMatchObject({ user: 'a', metadata: {} });
    expect(run(chat(), { mode: 'copy', from: 'model', to: 'metadata.model' })).toMatchObject({ model: 'gpt-4o', metadata: { team: 'a', model: 'gpt-4o' } });
    expect(() => run(chat(), { mode: 'copy', from: 'missing', to: 'x' })).toThrow(ParamOverrideFailed);
  });

  it('prepend and append: an array gains items (a list value spread), a string text, an object fields', () => {
    const system = { role: 'system', content: 'rules' };
    expect(run(chat(), { mode: 'prepend', path: 'messages', value: system })).toMatchObject({ messages: [system, { role: 'system' }, { role: 'user' }] });
    expect((run(chat(), { mode: 'append', path: 'messages', value: [1, 2] }) as { messages: Json[] }).messages.slice(2)).toEqual([1, 2]);
    expect(run(chat(), { mode: 'append', path: 'model', value: '-mini' })).toMatchObject({ model: 'gpt-4o-mini' });
    expect(run(chat(), { mode: 'append', path: 'metadata', value: { team: 'b', env: 'prod' }, keep_origin: true })).toMatchObject({ metadata: { team: 'a', env: 'prod' } });
    expect(run(chat(), { mode: 'append', path: 'metadata', value: { team: 'b' } })).toMatchObject({ metadata: { team: 'b' } });
    expect(() => run(chat(), { mode: 'append', path: 'temperature', value: 1 })).toThrow(/operation not supported for type: number/);
  });

  it('the string modes: trim and ensure affixes, trim_space, case, replace, regex_replace', () => {
    const at = (mode: string, extra: Record<string, unknown>) => (run({ s: 'openai/GPT-4o  ' }, { mode, path: 's', ...extra }) as { s: string }).s;
    expect(at('trim_prefix', { value: 'openai/' })).toBe('GPT-4o  ');
    expect(at('trim_suffix', { value: '  ' })).toBe('openai/GPT-4o');
    expect(at('ensure_prefix', { value: 'openai/' })).toBe('openai/GPT-4o  ');
    expect(at('ensure_prefix', { value: 'x:' })).toBe('x:openai/GPT-4o  ');
    expect(at('ensure_suffix', { value: '!' })).toBe('openai/GPT-4o  !');
    expect(at('trim_space', {})).toBe('openai/GPT-4o');
    expect(at('to_lower', {})).toBe('openai/gpt-4o  ');
    expect(at('to_upper', {})).toBe('OPENAI/GPT-4O  ');
    expect(at('replace', { from: 'o', to: '0' })).toBe('0penai/GPT-40  ');
    expect(at('regex_replace', { from: '^([a-z]+)/(.*?)\\s*$', to: '$2@$1' })).toBe('GPT-4o@openai');
    expect(() => run({ s: 1 }, { mode: 'to_lower', path: 's' })).toThrow(ParamOverrideFailed);
  });

  it('a `*` applies the operation at every match', () => {
    const body = run(chat(), { mode: 'trim_space', path: 'messages.*.content' }, { mode: 'set', path: 'messages.*.name', value: 'n' });
    expect(body).toMatchObject({ messages: [{ content: 'Be Brief', name: 'n' }, { content: 'hi', name: 'n' }] });
  });

  it('return_error: the call is answered with the admin\'s error, its status and code', () => {
    expect(() => run(chat(), { mode: 'return_error', value: { message: 'no o1 here', status_code: 403, code: 'blocked' } })).toThrow(
      expect.objectContaining({ message: 'no o1 here', status: 403, code: 'blocked' }) as unknown as Error,
    );
    expect(() => run(chat(), { mode: 'return_error', value: 'stop' })).toThrow(ParamOverrideReturnError);
  });
});

describe('conditions', () => {
  const when = (conditions: Record<string, unknown>[], logic?: string) => run(chat(), { mode: 'set', path: 'hit', value: true, conditions, ...(logic ? { logic } : {}) }) as { hit?: boolean };

  it('compares by mode: full, prefix, suffix, contains, and the numeric ones', () => {
    expect(when([{ path: 'model', mode: 'full', value: 'gpt-4o' }]).hit).toBe(true);
    expect(when([{ path: 'model', mode: 'full', value: 'gpt-4' }]).hit).toBeUndefined();
    expect(when([{ path: 'model', mode: 'prefix', value: 'gpt-' }]).hit).toBe(true);
    expect(when([{ path: 'model', mode: 'suffix', value: '4o' }]).hit).toBe(true);
    expect(when([{ path: 'messages.0.content', mode: 'contains', value: 'Brief' }]).hit).toBe(true);
    expect(when([{ path: 'temperature', mode: 'gt', value: 0.5 }]).hit).toBe(true);
    expect(when([{ path: 'temperature', mode: 'lte', value: 0.5 }]).hit).toBeUndefined();
    expect(() => when([{ path: 'model', mode: 'gt', value: 1 }])).toThrow(/numeric comparison requires both values to be numbers/);
  });

  it('invert flips a result; a missing key fails unless pass_missing_key', () => {
    expect(when([{ path: 'model', mode: 'full', value: 'gpt-4o', invert: true }]).hit).toBeUndefined();
    expect(when([{ path: 'absent', mode: 'full', value: 1 }]).hit).toBeUndefined();
    expect(when([{ path: 'absent', mode: 'full', value: 1, pass_missing_key: true }]).hit).toBe(true);
  });

  it('OR (the default) needs one condition, AND all', () => {
    const mixed = [{ path: 'model', mode: 'prefix', value: 'gpt' }, { path: 'model', mode: 'prefix', value: 'claude' }];
    expect(when(mixed).hit).toBe(true);
    expect(when(mixed, 'AND').hit).toBeUndefined();
    expect(when(mixed, 'and').hit).toBeUndefined();
  });
});

describe('applyOperations, properties', () => {
  const body = fc.dictionary(fc.string().filter((k) => k !== '__proto__'), fc.jsonValue()) as fc.Arbitrary<Json>;

  it('an empty list leaves any body as it was, and never changes the body it is given', () => {
    fc.assert(
      fc.property(body, (given) => {
        const before = JSON.stringify(given);
        expect(JSON.stringify(applyOperations(given, []))).toBe(before);
        run(given, { mode: 'set', path: 'x', value: 1 }, { mode: 'delete', path: 'y' });
        expect(JSON.stringify(given)).toBe(before);
      }),
    );
  });

  it('set then delete of a key the body lacks restores the body', () => {
    fc.assert(
      fc.property(body, fc.stringMatching(/^[a-z]{1,8}$/), fc.jsonValue(), (given, key, value) => {
        fc.pre(!Object.hasOwn(given as object, key));
        expect(run(given, { mode: 'set', path: key, value }, { mode: 'delete', path: key })).toEqual(given);
      }),
    );
  });

  it('never gives a key of the path to the prototype', () => {
    const result = run({}, { mode: 'set', path: '__proto__.polluted', value: true }) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  });
});
