import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, parseJsonBody, registerJsonBodyParser } from './json-body.js';

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
    expect(() => parseJsonBody(`${']'.repeat(10)}${'['.repeat(MAX_JSON_DEPTH + 1)}`)).toThrow(expect.objectContaining({ code: 'GW_ERR_BODY_TOO_DEEP' }));
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
});
