import { chunkWriter, textCompletion } from '../openai-shapes.js';
import type { ProviderTranslation, StreamTranslator } from '../types.js';

interface LibraryDocument {
  title?: string;
  url?: string;
}

/** /api/library/ask's answer: no usage (the relay counts the tokens). */
interface LibraryAnswer {
  success?: boolean;
  answer?: string;
  documents?: LibraryDocument[];
  message?: string;
}

interface LibraryStreamEvent {
  content?: string;
  finish?: boolean;
  documents?: LibraryDocument[];
}

/** The sources the knowledge base cites, appended to the answer as a numbered list of links (as one-api shows them). */
export function documentsText(documents: LibraryDocument[] | undefined): string {
  if (!documents?.length) return '';
  return `\n\n参考文档：\n${documents.map((d, i) => `${i + 1}. [${d.title ?? ''}](${d.url ?? ''})\n`).join('')}`;
}

/** A library that answers `success: false` (an unknown library, a bad key) refused: nothing was answered, so nothing is charged. */
export function libraryRefusal(upstream: unknown): string | null {
  const answer = upstream as LibraryAnswer;
  return answer.success === false ? (answer.message ?? 'knowledge base error') : null;
}

export function openAIAnswer(upstream: unknown, model: string): ReturnType<ProviderTranslation['answer']> {
  const answer = upstream as LibraryAnswer;
  return { body: textCompletion('chatcmpl-aiproxy', model, `${answer.answer ?? ''}${documentsText(answer.documents)}`, 'stop', null), usage: null };
}

/** The library's stream ({content, finish, documents}) as OpenAI chunks; the cited documents close the answer. */
export function aiProxyStreamTranslator(model: string): StreamTranslator {
  const out = chunkWriter(model, 'chatcmpl-aiproxy');
  let started = false;
  return {
    onEvent(event) {
      const e = event as LibraryStreamEvent;
      const chunks: object[] = [];
      const content = `${e.content ?? ''}${e.finish ? documentsText(e.documents) : ''}`;
      if (content || !started) chunks.push(out.delta(started ? { content } : { role: 'assistant', content }));
      started = true;
      if (e.finish) chunks.push(out.delta({}, 'stop'));
      return chunks;
    },
    usage: () => null,
  };
}
