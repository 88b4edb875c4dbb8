import { useEffect, useRef } from 'react';
import { loadScript } from '../../../lib/load-script';

/** Cloudflare's widget script; only loaded on pages that show the widget while the check is on. */
export const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileApi {
  render(element: HTMLElement, options: { sitekey: string; callback(token: string): void; 'expired-callback'(): void }): string;
  reset(widgetId?: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/** The Turnstile widget: hands each token it gets to `onToken`, and '' when one expires. */
export function TurnstileWidget({ siteKey, onToken }: { siteKey: string; onToken(token: string): void }) {
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef(onToken);
  // Updated after each render (not during one), before the effects below that hand it out.
  useEffect(() => {
    latest.current = onToken;
  });
  useEffect(() => {
    let cancelled = false;
    void loadScript(TURNSTILE_SCRIPT)
      .then(() => {
        if (cancelled || !box.current || !window.turnstile) return;
        window.turnstile.render(box.current, { sitekey: siteKey, callback: (token) => latest.current(token), 'expired-callback': () => latest.current('') });
      })
      .catch(() => latest.current(''));
    return () => {
      cancelled = true;
    };
  }, [siteKey]);
  return <div ref={box} data-testid="turnstile" />;
}
