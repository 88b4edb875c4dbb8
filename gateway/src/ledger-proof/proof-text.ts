import type { LedgerProof } from '../ports/ledger-prover.js';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The proof as `npm run audit` prints it: each drifted account and user-day on a line, the rest counted as 0. */
export function proofText(proof: LedgerProof): string {
  const driftedUsers = new Set(proof.drifts.filter((d) => d.account === 'user').map((d) => d.id)).size;
  const lines = [
    `Ledger audit: ${proof.eventsFolded} events folded, ${proof.usersChecked} users and ${proof.tokensChecked} tokens checked, ${proof.daysCompared} user-days of consumption compared.`,
    'Balance drift (stored minus the fold of the log; 0 expected):',
    ...proof.drifts.map((d) => {
      const drift = typeof d.actual === 'number' && typeof d.expected === 'number' ? `, drift ${signed(d.actual - d.expected)}` : '';
      return `  ${d.account} ${d.id} ${d.field}: stored ${d.actual}, log ${d.expected}${drift}`;
    }),
    `  every other user (${proof.usersChecked - driftedUsers}): drift 0`,
    'Consumption per user and day (log rows minus the ledger; 0 expected):',
    ...proof.consumptionMismatches.map((m) => `  user ${m.userId} ${m.day}: logs ${m.logs}, ledger ${m.ledger}, drift ${signed(m.logs - m.ledger)}`),
    `  every other user-day (${proof.daysCompared - proof.consumptionMismatches.length}): drift 0`,
  ];
  if (!proof.settled) lines.push('Not settled: the ledger kept applying events while the audit read; run it again when the ledger is idle.');
  lines.push(proof.clean ? 'Result: clean.' : 'Result: DRIFT FOUND.');
  return lines.join('\n');
}
