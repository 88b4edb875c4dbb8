import fc from 'fast-check';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type BodyRefused, MAX_BODY_BYTES, MAX_JSON_DEPTH, parseJsonBody, registerJsonBodyParser } from './json-body.js';

const nestedText = (depth: number) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;

describe('parseJsonBody', () => {
  it('reads a body up to MAX_JSON_DEPTH levels and refuses the next one, naming where', () => {
    expect(() => parseJsonBody(nestedText(MAX_JSON_DEPTH / 2))).not.toThrow();
    expect(() => parseJsonBody(nestedText(MAX_JSON_DEPTH / 2 + 1))).toThrow(expect.objectContaining({ statusCode: 400, code: 'GW_ERR_BODY_TOO_DEEP', message: expect.stringMatching(/^body nests deeper than 64 levels at a\.0\.a\.0/) }));
  });

  it('walks a million levels without recursion', () => {
    expect(() => parseJsonBody(nestedText(1_000_000))).toThrow(expect.objectContaining({ code: 'GW_ERR_BODY_TOO_DEEP' }));
  });

  it('refuses prototype keys wherever they are, and keeps a plain `constructor` value', () => {
    expect(() => parseJsonBody('{"messages":[{"__proto__":{"isAdmin":true}}]}')).toThrow(expect.objectContaining({ code: 'GW_ERR_BODY_FORBIDDEN_KEY', message: 'body has a forbidden key at messages.0.__proto__' }));
    expect(() => parseJsonBody('{"constructor":{"prototype":{}}}')).toThrow(expect.objectContaining({ code: 'GW_ERR_BODY_FORBIDDEN_KEY' }));
    expect(parseJsonBody('{"constructor":"fine"}')).toEqual({ constructor: 'fine' });
    expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
  });

  it('refuses prototype keys spelled with escapes, which the quick text check must not wave through', () => {
    expect(() => parseJsonBody(String.raw`{"a":{"\u005f_proto__":{"isAdmin":true}}}`)).toThrow(expect.objectContaining({ code: 'GW_ERR_BODY_FORBIDDEN_KEY', message: 'body has a forbidden key at a.__proto__' }));
    expect(() => parseJsonBody(String.raw`{"\u0063onstructor":{"prototype":{}}}`)).toThrow(expect.objectContaining({ code: 'GW_ERR_BODY_FORBIDDEN_KEY' }));
  });

  it('counts depth only outside strings, and stray closers do not buy extra depth', () => {
    expect(parseJsonBody(JSON.stringify({ text: '['.repeat(500) }))).toEqual({ text: '['.repeat(500) });
    // A string ending in a backslash: its closing quote follows an escaped backslash, not an escape.
    expect(parseJsonBody(JSON.stringify({ path: 'C:\\', text: '['.repeat(500) }))).toEqual({ path: 'C:\\', text: '['.repeat(500) });
    expect(() => parseJsonBody(`${']'.repeat(10)}${'['.repeat(MAX_JSON_DEPTH + 1)}`)).toThrow(expect.objectContaining({ code: 'GW_ERR_BODY_TOO_DEEP' }));
  });

  it('reads strings of quotes, backslashes and brackets as strings: the depth found is the depth of the value', () => {
    const tricky = fc.string({ unit: fc.constantFrom('"', '\\', '[', '{', '}', ']', 'a', 'é') });
    const depthOf = (value: unknown): number => (value && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0);
    const nest = (depth: number, leaf: string): unknown => (depth === 0 ? leaf : depth % 2 ? [nest(depth - 1, leaf), leaf] : { [leaf]: nest(depth - 1, leaf) });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_JSON_DEPTH + 3 }), tricky, (depth, leaf) => {
        const value = nest(depth, leaf);
        expect(depthOf(value)).toBe(depth);
        if (depth <= MAX_JSON_DEPTH) expect(parseJsonBody(JSON.stringify(value))).toEqual(value);
        else expect(() => parseJsonBody(JSON.stringify(value))).toThrow(expect.objectContaining({ code: 'GW_ERR_BODY_TOO_DEEP' }));
      }),
    );
  });

  it('says why text is not JSON, and that an empty body is empty', () => {
    expect(() => parseJsonBody('{"model":')).toThrow(expect.objectContaining({ code: 'GW_ERR_BODY_NOT_JSON', message: expect.stringMatching(/^body is not valid JSON: /) }));
    expect(() => parseJsonBody('')).toThrow(expect.objectContaining({ code: 'GW_ERR_BODY_EMPTY' }));
  });
});

describe('registerJsonBodyParser', () => {
  it('keeps the client text beside the parsed body only while pass-through may read it', async () => {
    let passThrough = false;
    const app = Fastify();
    registerJsonBodyParser(app, () => passThrough);
    app.post('/', async (request) => ({ raw: request.rawJsonBody ?? null, parsed: request.body }));
    const post = async () => (await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload: '{ "a" : 1 }' })).json();
    expect(await post()).toEqual({ raw: null, parsed: { a: 1 } });
    passThrough = true;
    expect(await post()).toEqual({ raw: '{ "a" : 1 }', parsed: { a: 1 } });
    await app.close();
  });

  it('reads a large body in steps with the same outcome: the value and the text, or the 400 that says why', async () => {
    const app = Fastify({ bodyLimit: MAX_BODY_BYTES });
    registerJsonBodyParser(app, () => true);
    app.post('/', async (request) => ({ rawLength: request.rawJsonBody?.length ?? null, parsed: request.body }));
    app.setErrorHandler((error: BodyRefused, _request, reply) => reply.code(error.statusCode).send({ code: error.code }));
    const post = (payload: string) => app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload });
    const large = JSON.stringify({ text: 'é'.repeat(1024 * 1024) });
    expect((await post(large)).json()).toEqual({ rawLength: large.length, parsed: { text: 'é'.repeat(1024 * 1024) } });
    const notJson = await post(large.slice(0, -1));
    expect([notJson.statusCode, notJson.json()]).toEqual([400, { code: 'GW_ERR_BODY_NOT_JSON' }]);
    const tooDeep = await post(`${'['.repeat(MAX_JSON_DEPTH + 1)}${' '.repeat(2 * 1024 * 1024)}${']'.repeat(MAX_JSON_DEPTH + 1)}`);
    expect([tooDeep.statusCode, tooDeep.json()]).toEqual([400, { code: 'GW_ERR_BODY_TOO_DEEP' }]);
    // A computed key is an own property named __proto__, which JSON.stringify writes as such.
    const poisoned = await post(JSON.stringify({ text: 'a'.repeat(2 * 1024 * 1024), messages: [{ ['__proto__']: { isAdmin: true } }] }));
    expect([poisoned.statusCode, poisoned.json()]).toEqual([400, { code: 'GW_ERR_BODY_FORBIDDEN_KEY' }]);
    await app.close();
  });
});
