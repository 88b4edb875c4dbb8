import { useEffect, useRef } from 'react';

const WIDGET_SCRIPT = 'https://telegram.org/js/telegram-widget.js?22';
/** The global the widget calls (it takes a function name, not a function). */
const CALLBACK = 'onTelegramAuth';

declare global {
  interface Window {
    [CALLBACK]?: (user: Record<string, string | number>) => void;
  }
}

/**
 * Telegram's login widget for the configured bot. It places its button where its script tag sits,
 * so the tag goes inside this box; the signed fields it hands back go to `onAuth` as strings.
 */
export function TelegramWidget({ botName, onAuth }: { botName: string; onAuth(fields: Record<string, string>): void }) {
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef(onAuth);
  // Updated after each render (not during one), before the effects below that hand it out.
  useEffect(() => {
    latest.current = onAuth;
  });
  useEffect(() => {
    const container = box.current;
    if (!container) return;
    window[CALLBACK] = (user) => latest.current(Object.fromEntries(Object.entries(user).map(([key, value]) => [key, String(value)])));
    const script = document.createElement('script');
    script.src = WIDGET_SCRIPT;
    script.async = true;
    script.dataset.telegramLogin = botName;
    script.dataset.size = 'medium';
    script.dataset.onauth = `${CALLBACK}(user)`;
    container.appendChild(script);
    return () => {
      container.replaceChildren();
      delete window.onTelegramAuth;
    };
  }, [botName]);
  return <div ref={box} data-testid="telegram-widget" />;
}
