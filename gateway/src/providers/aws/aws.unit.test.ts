import { EventStreamCodec } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { describe, expect, it } from 'vitest';
import { eventJson } from '../shared/sse-events.js';
import { bedrockStreamAsSse } from './event-stream.js';
import { parseAwsKey } from './index.js';
import { bedrockModelId } from './model-ids.js';

const codec = new EventStreamCodec(toUtf8, fromUtf8);
const text = (value: string) => ({ type: 'string' as const, value });

async function* bytes(...parts: Uint8Array[]): AsyncIterable<Uint8Array> {
  yield* parts;
}

async function sseOf(body: AsyncIterable<Uint8Array>): Promise<unknown[]> {
  const events: unknown[] = [];
  for await (const chunk of bedrockStreamAsSse(body)) events.push(eventJson(new TextDecoder().decode(chunk)));
  return events;
}

describe('Bedrock event-stream -> SSE of Claude events', () => {
  it('unwraps chunk frames split anywhere, and turns an exception frame into an error event', async () => {
    const event = { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } };
    const chunk = codec.encode({ headers: { ':message-type': text('event'), ':event-type': text('chunk') }, body: fromUtf8(JSON.stringify({ bytes: Buffer.from(JSON.stringify(event)).toString('base64') })) });
    const failure = codec.encode({ headers: { ':message-type': text('exception'), ':exception-type': text('throttlingException') }, body: fromUtf8('{"message":"Too many requests"}') });
    const joined = Buffer.concat([chunk, failure]);
    expect(await sseOf(bytes(joined.subarray(0, 5), joined.subarray(5, chunk.length + 3), joined.subarray(chunk.length + 3)))).toEqual([
      event,
      { type: 'error', error: { type: 'throttlingException', message: 'Too many requests' } },
    ]);
  });

  it('refuses a frame whose CRC does not match', async () => {
    const frame = Buffer.from(codec.encode({ headers: { ':message-type': text('event') }, body: fromUtf8('{}') }));
    frame.writeUInt8(frame.readUInt8(frame.length - 1) ^ 0xff, frame.length - 1);
    await expect(sseOf(bytes(frame))).rejects.toThrow(/checksum/i);
  });
});

describe('AWS Claude channel key and model ids', () => {
  it('reads Ak|Sk|Region and refuses a key without all three, without echoing it', () => {
    expect(parseAwsKey('AK|SK|eu-west-1')).toEqual({ accessKeyId: 'AK', secretAccessKey: 'SK', region: 'eu-west-1' });
    expect(() => parseAwsKey('AK|secret-part')).toThrow('AWS Claude key must be Ak|Sk|Region');
  });

  it('maps Anthropic names to Bedrock ids and passes a Bedrock id through', () => {
    expect(bedrockModelId('claude-3-5-sonnet-20241022')).toBe('anthropic.claude-3-5-sonnet-20241022-v2:0');
    expect(bedrockModelId('us.anthropic.claude-3-7-sonnet-20250219-v1:0')).toBe('us.anthropic.claude-3-7-sonnet-20250219-v1:0');
  });
});
