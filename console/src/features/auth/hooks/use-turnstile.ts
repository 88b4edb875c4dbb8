import { createElement, useState } from 'react';
import { useStatus } from '../../status/hooks/use-status';
import { TurnstileWidget } from '../sections/turnstile-widget';

/**
 * The bot check of a form: the widget while TurnstileCheckEnabled is on (nothing otherwise), and
 * its token, which siteverify accepts once, so `take` hands it out and resets the widget.
 */
export function useTurnstile() {
  const { data: status } = useStatus();
  const [token, setToken] = useState('');
  const on = Boolean(status?.turnstile_check);
  return {
    widget: on ? createElement(TurnstileWidget, { siteKey: status?.turnstile_site_key ?? '', onToken: setToken }) : null,
    /** The check is on and has no token yet: the spec tells the user to retry in a few seconds. */
    waiting: on && !token,
    take(): string {
      if (!on) return '';
      setToken('');
      window.turnstile?.reset();
      return token;
    },
  };
}
