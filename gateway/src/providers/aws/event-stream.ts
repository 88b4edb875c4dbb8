import { EventStreamCodec, getChunkedStream } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { namedSseEvent } from '../sse-frames.js';

const codec = new EventStreamCodec(toUtf8, fromUtf8);

const headerText = (headers: Record<string, { value: unknown }>, name: string): string => String(headers[name]?.value ?? '');

/**
 * Bedrock's InvokeModelWithResponseStream answer (AWS event-stream frames: prelude, headers,
 * payload, CRC32s, checked by the codec) as SSE of the Claude events it carries: each `chunk`
 * frame's payload is `{"bytes": base64 of one Claude event}`. An exception frame becomes Claude's
 * error event, so the translation ends the stream with the upstream's message. Each event is
 * named as Anthropic names it, so a Claude client can be given the stream as it is.
 */
export async function* bedrockStreamAsSse(body: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  for await (const frame of getChunkedStream(body)) {
    const message = codec.decode(frame);
    const payload = JSON.parse(toUtf8(message.body) || '{}') as { bytes?: string; message?: string };
    if (headerText(message.headers, ':message-type') !== 'event') {
      const kind = headerText(message.headers, ':exception-type') || headerText(message.headers, ':error-code');
      yield namedSseEvent({ type: 'error', error: { type: kind, message: payload.message ?? kind } });
    } else if (payload.bytes) {
      yield namedSseEvent(JSON.parse(Buffer.from(payload.bytes, 'base64').toString('utf8')));
    }
  }
}
