import { useRef, useState } from 'react';
import { type ChatRequest, sendChat } from './chat-stream';

export type MessageStatus = 'loading' | 'incomplete' | 'complete' | 'error';

/** A chat message as the spec names it. */
export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createAt: number;
  status: MessageStatus;
}

export type ChatSettings = Omit<ChatRequest, 'messages'> & { systemPrompt: string };

let nextId = 0;
const message = (role: ChatMessage['role'], content: string, status: MessageStatus): ChatMessage => ({ id: String(++nextId), role, content, createAt: Date.now(), status });

/** The playground conversation: send (streaming into the last answer), stop, clear. */
export function useChat(settings: ChatSettings) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const abort = useRef<AbortController | null>(null);
  const updateLast = (change: (last: ChatMessage) => Partial<ChatMessage>) =>
    setMessages((list) => list.map((m, i) => (i === list.length - 1 ? { ...m, ...change(m) } : m)));

  const send = async (text: string) => {
    const history = [...messages, message('user', text, 'complete')];
    setMessages([...history, message('assistant', '', 'loading')]);
    const { systemPrompt, ...rest } = settings;
    const system = systemPrompt.trim() ? [{ role: 'system', content: systemPrompt }] : [];
    abort.current = new AbortController();
    try {
      await sendChat({ ...rest, messages: [...system, ...history.map(({ role, content }) => ({ role, content }))] },
        (delta) => updateLast((last) => ({ content: last.content + delta, status: 'incomplete' })), abort.current.signal);
      updateLast(() => ({ status: 'complete' }));
    } catch (error) {
      const stopped = error instanceof DOMException && error.name === 'AbortError';
      updateLast((last) => (stopped ? { status: 'complete' } : { status: 'error', content: last.content || String((error as Error).message) }));
    } finally {
      abort.current = null;
    }
  };
  const busy = messages.at(-1)?.status === 'loading' || messages.at(-1)?.status === 'incomplete';
  return { messages, busy, send, stop: () => abort.current?.abort(), clear: () => setMessages([]) };
}
