import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { card, input } from '../../components/ui/tokens';
import { useT } from '../../i18n';
import { SidePanel } from './side-panel';
import { type ChatMessage, type ChatSettings, useChat } from './use-chat';

/** The spec's defaults: gpt-4o-mini, temperature 0, max tokens 0 (not sent: the model's own limit). */
const DEFAULTS: ChatSettings = { model: 'gpt-4o-mini', group: '', temperature: 0, top_p: 1, max_tokens: 0, stream: true, systemPrompt: '' };

function Bubble({ message }: { message: ChatMessage }) {
  const mine = message.role === 'user';
  return (
    <li data-testid={`message-${message.role}`} data-status={message.status}
      className={`max-w-[80%] whitespace-pre-wrap rounded-lg px-3 py-2 text-sm ${mine ? 'self-end bg-indigo-600 text-white' : 'self-start bg-slate-100 dark:bg-slate-800'} ${message.status === 'error' ? 'text-rose-600 dark:text-rose-400' : ''}`}>
      {message.content || (message.status === 'loading' ? '…' : '')}
    </li>
  );
}

/** The playground: a side panel of settings and a streaming chat against /pg/chat/completions. */
export function PlaygroundPage() {
  const t = useT();
  const [settings, setSettings] = useState(DEFAULTS);
  const [text, setText] = useState('');
  const { max_tokens, ...rest } = settings;
  const chat = useChat(max_tokens ? settings : rest);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || chat.busy) return;
    void chat.send(text);
    setText('');
  };
  return (
    <div className="grid gap-4 md:grid-cols-[18rem_1fr]">
      <SidePanel settings={settings} onChange={setSettings} />
      <section className={`${card} flex min-h-[60vh] flex-col gap-3`}>
        <ol aria-label={t('nav.playground')} className="flex flex-1 flex-col gap-2 overflow-y-auto">
          {chat.messages.map((message) => <Bubble key={message.id} message={message} />)}
        </ol>
        <form onSubmit={submit} className="flex gap-2">
          <input aria-label={t('playground.input')} className={input.base} value={text} onChange={(e) => setText(e.target.value)} />
          {chat.busy ? <Button variant="danger" onClick={chat.stop}>{t('playground.stop')}</Button> : <Button type="submit">{t('playground.send')}</Button>}
          <Button variant="outline" onClick={chat.clear} disabled={chat.busy}>{t('playground.clear')}</Button>
        </form>
      </section>
    </div>
  );
}
