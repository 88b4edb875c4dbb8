import type { DailyUsage, StatementLine } from '@tollgate/analytics';
import type { LedgerPeriod, Movement } from '@tollgate/ledger';
import { type MoneyRate, priced } from './statement-money.js';

/** `YYYY-MM-DD HH:MM:SS`, UTC. */
export function utcTime(milliseconds: number): string {
  return new Date(milliseconds).toISOString().slice(0, 19).replace('T', ' ');
}

const noCheck = { credits: 0, debits: 0, difference: 0 };

/**
 * One user's lines, built as the consumption streams past: `open()` gives the opening and the
 * listed movements, `consumption()` one line per day and model, `close()` the closing balance with
 * the check. Credits and debits are counted from the lines themselves, so the check covers what
 * the statement shows: the ledger's movements and the analytics rollups' consumption.
 */
export class UserBlock {
  private credits = 0;
  private debits = 0;

  constructor(
    private readonly period: LedgerPeriod,
    private readonly range: { from: number; to: number },
    private readonly rate: MoneyRate,
  ) {}

  open(): StatementLine[] {
    const opening = this.line('opening', this.range.from, this.period.opening, { content: 'balance before the period' });
    return [opening, ...this.period.movements.map((movement) => this.movementLine(movement))];
  }

  /**
   * A day's calls of one model: what the wallet paid as consumption (a debit), what subscriptions
   * paid (issue #41) as a line of its own that moves no wallet quota and says how much of the plans it used.
   */
  consumption(row: DailyUsage, paidBySubscriptions?: DailyUsage): StatementLine[] {
    const day = Date.parse(`${row.day}T00:00:00Z`);
    const plan = { quota: paidBySubscriptions?.quota ?? 0, requests: paidBySubscriptions?.requests ?? 0 };
    const wallet = { quota: row.quota - plan.quota, requests: row.requests - plan.requests };
    this.debits += wallet.quota;
    const lines = wallet.requests > 0 || wallet.quota !== 0 ? [this.line('consumption', day, -wallet.quota, { model_name: row.model_name, requests: wallet.requests })] : [];
    if (plan.requests === 0) return lines;
    return [...lines, this.line('subscription_use', day, 0, { model_name: row.model_name, requests: plan.requests, content: `${plan.quota} quota paid by subscriptions` })];
  }

  close(): StatementLine {
    const { opening, closing } = this.period;
    const difference = closing - (opening + this.credits - this.debits);
    const content = difference === 0 ? 'reconciled' : `does not reconcile: the ledger's calls cost ${this.period.consumption} in the period`;
    return { ...this.line('closing', this.range.to, closing, { content }), credits: this.credits, debits: this.debits, difference };
  }

  private movementLine(movement: Movement): StatementLine {
    if (movement.quota > 0) this.credits += movement.quota;
    else this.debits -= movement.quota;
    return this.line(movement.kind, movement.occurredAt, movement.quota, { event_id: movement.eventId, actor_id: movement.actorId, content: movement.content });
  }

  private line(line: string, at: number, quota: number, extra: Partial<StatementLine>): StatementLine {
    return {
      user_id: this.period.userId, username: this.period.username, line, time: utcTime(at), event_id: '', actor_id: null,
      model_name: '', requests: 0, quota, ...priced(this.rate, quota), content: '', ...noCheck, ...extra,
    };
  }
}
