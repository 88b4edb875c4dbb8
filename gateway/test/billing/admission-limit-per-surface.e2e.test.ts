import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booksAfter, expectSolvent, MODELS, PROMPT, startBurstFixture, tokenClients } from '../support/fleets/burst.js';
import { type EmbeddedFixture, userWithQuota } from '../support/gateways/embedded-fixture.js';

/**
 * As the balance runs out, each surface's last call carries the limit the hold pays for in the
 * surface's own field, ends cut short in that surface's words, and the next is refused; the
 * balance ends at zero, never below. The channel speaks OpenAI (the surfaces translate to it).
 */
const DEAR = MODELS.dear;
const QUOTA = DEAR.cost + 510; // a second call pays for (510 - 10 prompt) / 20 = 25 answer tokens

interface Surface {
  name: string;
  call(url: string, key: string): Promise<Response>;
  /** Where the upstream request carried the lowered limit (the OpenAI field the surface's own one became, or its own). */
  upstreamLimit(body: Record<string, unknown>): unknown;
  /** How the surface says the answer was cut. */
  cutShort(answer: Record<string, unknown>): unknown;
}

const post = (url: string, headers: Record<string, string>, body: object) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const surfaces: Surface[] = [
  {
    name: 'Claude /v1/messages (max_tokens)',
    call: (url, key) => post(`${url}/v1/messages`, { 'x-api-key': key, 'anthropic-version': '2023-06-01' }, { model: DEAR.model, max_tokens: 4096, messages: [{ role: 'user', content: PROMPT }] }),
    upstreamLimit: (body) => body.max_tokens,
    cutShort: (answer) => answer.stop_reason,
  },
  {
    name: 'Gemini generateContent (generationConfig.maxOutputTokens)',
    call: (url, key) => post(`${url}/v1beta/models/${DEAR.model}:generateContent`, { 'x-goog-api-key': key }, { contents: [{ role: 'user', parts: [{ text: PROMPT }] }] }),
    upstreamLimit: (body) => body.max_tokens,
    cutShort: (answer) => (answer.candidates as { finishReason?: string }[] | undefined)?.[0]?.finishReason,
  },
];

describe('the limit each surface gets as the balance runs out', () => {
  let fixture: EmbeddedFixture;
  let users = 0;

  beforeAll(async () => {
    fixture = await startBurstFixture();
  });

  afterAll(async () => fixture?.close());

  async function fundedKey() {
    const user = await userWithQuota(fixture, `surface${(users += 1)}`, QUOTA);
    const [client] = await tokenClients(user, 1, QUOTA, [fixture.tollgate.url]);
    return { user, key: client?.apiKey ?? '' };
  }

  it.each(surfaces.map((s) => [s.name, s] as const))('%s', async (_, surface) => {
    const { user, key } = await fundedKey();
    expect((await surface.call(fixture.tollgate.url, key)).status).toBe(200);
    const last = await surface.call(fixture.tollgate.url, key);
    expect(last.status).toBe(200);
    expect(surface.upstreamLimit(fixture.upstream.requests.at(-1)?.body ?? {})).toBe(25);
    const cut = surface.cutShort((await last.json()) as Record<string, unknown>);
    expect(['max_tokens', 'MAX_TOKENS']).toContain(cut);
    expect((await surface.call(fixture.tollgate.url, key)).status).toBe(403);
    const books = await booksAfter(user, 2);
    expectSolvent(books, QUOTA, 2);
    expect(books.quota).toBe(0);
  });

  it('Responses /v1/responses: max_output_tokens carries the limit the hold pays for', async () => {
    const { user, key } = await fundedKey();
    const call = () => post(`${fixture.tollgate.url}/v1/responses`, { authorization: `Bearer ${key}` }, { model: DEAR.model, input: PROMPT });
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    expect(fixture.upstream.requests.at(-1)?.body).toMatchObject({ max_output_tokens: 25 });
    expect((await call()).status).toBe(403);
    const books = await booksAfter(user, 2);
    expectSolvent(books, QUOTA, 2);
    expect(books.quota).toBe(0);
  });
});
