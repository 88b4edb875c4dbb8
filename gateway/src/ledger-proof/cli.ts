import { loadWorkerConfig } from '../config.js';
import { auditLedger } from './audit-command.js';
import { proofText } from './proof-text.js';

/** `npm run audit`: prints the drift per account and per user-day; exits 1 unless it is all 0. */
try {
  const proof = await auditLedger(loadWorkerConfig(), (error) => process.stderr.write(`Mail to root not sent: ${error instanceof Error ? error.message : String(error)}\n`));
  process.stdout.write(`${proofText(proof)}\n`);
  process.exitCode = proof.clean ? 0 : 1;
} catch (error) {
  process.stderr.write(`Audit failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
