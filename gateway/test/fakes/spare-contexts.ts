import { pino } from 'pino';
import { loadConfig } from '../../src/config.js';
import type { GatewayContexts } from '../../src/deps.js';
import { unusedStore } from './relay-stores.js';

/**
 * Every capability context with a real config, a silent log and a port that throws on any call in
 * every other place: a test spreads over it only the ports its code under test reaches, so a reach
 * it did not expect fails loudly, naming the port.
 */
export function spareContexts(): GatewayContexts {
  const ports = [
    'options', 'notices', 'users', 'tokens', 'sessions', 'twoFactor', 'codes', 'mailer', 'eventLog', 'history', 'usageOutbox', 'balances', 'notifier', 'holds',
    'inviteHolds', 'redemptions', 'topUps', 'subscriptions', 'channels', 'breakers', 'affinities', 'tasks', 'rateLimiters', 'meter', 'leases', 'roomPresence', 'gatewayReports', 'imports', 'auditTrail',
    'ledgerProof', 'logs', 'usage',
  ] as const;
  const spare = Object.fromEntries(ports.map((port) => [port, unusedStore(port)])) as Record<(typeof ports)[number], never>;
  return { ...spare, config: loadConfig({ LOG_LEVEL: 'silent' }), log: pino({ level: 'silent' }) };
}
