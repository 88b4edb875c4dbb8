import { useState } from 'react';
import { useT } from '../../i18n';

/** The days the greeting shows (spec): New Year's Day, and 9-24 February around the Spring Festival. */
export function isNewYearSeason(day: Date): boolean {
  const month = day.getMonth();
  const date = day.getDate();
  return (month === 0 && date === 1) || (month === 1 && date >= 9 && date <= 24);
}

const DISMISSED = 'new_year_dismissed';

/** The New Year easter egg: a festive greeting in the corner, closed for the rest of the visit. */
export function NewYearGreeting({ today = new Date() }: { today?: Date }) {
  const t = useT();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED) === String(today.getFullYear()));
  if (dismissed || !isNewYearSeason(today)) return null;
  const close = () => {
    sessionStorage.setItem(DISMISSED, String(today.getFullYear()));
    setDismissed(true);
  };
  return (
    <div role="status" className="fixed bottom-6 right-6 z-40 flex items-center gap-3 rounded-xl bg-gradient-to-r from-rose-600 to-amber-500 px-4 py-3 text-white shadow-lg">
      <span aria-hidden="true" className="animate-bounce text-2xl">🏮</span>
      <span className="font-semibold">{t('newYear.greeting')}</span>
      <button type="button" onClick={close} className="rounded px-2 text-white/80 hover:text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-white" aria-label={t('newYear.close')}>
        ×
      </button>
    </div>
  );
}
