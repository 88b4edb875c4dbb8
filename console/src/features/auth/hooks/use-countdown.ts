import { useCallback, useEffect, useState } from 'react';

/** Seconds left before a code can be sent again (spec: 30 s resend countdown). */
export const RESEND_SECONDS = 30;

/** A one-second countdown; `start()` begins it, `left` is 0 when idle. */
export function useCountdown(seconds = RESEND_SECONDS) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const start = useCallback(() => setLeft(seconds), [seconds]);
  return { left, start, running: left > 0 };
}
