import type { AnswerReader, Usage } from '../types.js';

/** How an upstream reports what a transcription used: tokens (gpt-4o-transcribe) or seconds of audio (whisper-1). */
type TranscriptionUsage = { type?: 'tokens'; input_tokens?: number; output_tokens?: number } | { type: 'duration'; seconds?: number };

interface TranscriptionJson {
  text?: unknown;
  /** verbose_json's length of the audio, in seconds. */
  duration?: unknown;
  usage?: TranscriptionUsage | null;
}

/** Seconds of audio billed as the wire-compatible gateway does: 1000 tokens a minute, whole seconds rounded up. */
export function durationTokens(seconds: number): number {
  return Math.round((Math.ceil(seconds) / 60) * 1000);
}

function reportedUsage(json: TranscriptionJson): Usage | null {
  const usage = json.usage;
  if (usage?.type === 'duration' && typeof usage.seconds === 'number') return { promptTokens: 0, completionTokens: durationTokens(usage.seconds) };
  if (usage && usage.type !== 'duration' && typeof usage.input_tokens === 'number') return { promptTokens: usage.input_tokens, completionTokens: usage.output_tokens ?? 0 };
  if (typeof json.duration === 'number') return { promptTokens: 0, completionTokens: durationTokens(json.duration) };
  return null;
}

/** The spoken text of an SRT or WebVTT answer: no header, cue numbers or timings. */
function subtitleText(body: string): string {
  return body
    .split(/\r?\n/)
    .filter((line) => line.trim() && line.trim() !== 'WEBVTT' && !/^\d+$/.test(line.trim()) && !line.includes('-->'))
    .join('\n');
}

/**
 * What a transcription or translation answer used, in the client's response_format: the
 * upstream's usage (tokens, or a duration) when it gives one, else the text, to be counted.
 */
export function readTranscription(body: string, responseFormat: string): { usage: Usage | null; text: string } {
  if (responseFormat === 'text') return { usage: null, text: body };
  if (responseFormat === 'srt' || responseFormat === 'vtt') return { usage: null, text: subtitleText(body) };
  try {
    const json = JSON.parse(body) as TranscriptionJson;
    return { usage: reportedUsage(json), text: typeof json.text === 'string' ? json.text : '' };
  } catch {
    return { usage: null, text: body };
  }
}

interface TranscriptEvent {
  type?: string;
  delta?: unknown;
  usage?: TranscriptionUsage | null;
}

/** A streamed transcription (`stream=true`): text in `transcript.text.delta`, usage in `transcript.text.done`. */
export const transcriptionStreamReader: AnswerReader = {
  usageOfAnswer: () => null,
  usageOfChunk: (chunk) => {
    const event = chunk as TranscriptEvent | null;
    return event?.type === 'transcript.text.done' ? reportedUsage({ usage: event.usage }) : null;
  },
  textOfChunk: (chunk) => {
    const event = chunk as TranscriptEvent | null;
    return event?.type === 'transcript.text.delta' && typeof event.delta === 'string' ? event.delta : '';
  },
};
