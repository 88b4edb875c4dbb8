import type { LoggedConsumption } from '@tollgate/analytics';
import type { DailyConsumption } from '@tollgate/ledger';
import type { ConsumptionMismatch } from '../ports/ledger-prover.js';

/** Every user-day either side knows of, from `firstDay` on (YYYY-MM-DD; '' compares all). */
export function compareConsumption(ledger: DailyConsumption[], logs: LoggedConsumption[], firstDay: string): { mismatches: ConsumptionMismatch[]; daysCompared: number } {
  const days = new Map<string, ConsumptionMismatch>();
  const entry = (userId: number, day: string) => {
    const key = `${userId}/${day}`;
    const found = days.get(key) ?? { userId, day, ledger: 0, logs: 0 };
    days.set(key, found);
    return found;
  };
  for (const row of ledger) entry(row.userId, row.day).ledger += row.quota;
  for (const row of logs) entry(row.user_id, row.day).logs += row.quota;
  const compared = [...days.values()].filter((d) => d.day >= firstDay);
  const mismatches = compared.filter((d) => d.ledger !== d.logs).sort((a, b) => a.userId - b.userId || a.day.localeCompare(b.day));
  return { mismatches, daysCompared: compared.length };
}
