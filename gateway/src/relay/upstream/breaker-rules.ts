import type { BreakerSettings } from '../../ports/hot-state/circuit-breakers.js';
import type { Options } from '../../ports/options.js';
import type { HealthSwitches } from '../../channels/health-rules.js';
import { inRanges } from '../../channels/status-code-ranges.js';
import { readUpstreamFailure } from '../../channels/upstream-failure.js';

/** The breaker's options, read at each failure (never per healthy call). */
export function breakerSettings(options: Options): BreakerSettings {
  return {
    threshold: options.number('CircuitBreakerFailureThreshold'),
    windowMs: options.number('CircuitBreakerWindowSeconds') * 1000,
    coolDownMs: options.number('CircuitBreakerCoolDownSeconds') * 1000,
    maxCoolDownMs: options.number('CircuitBreakerMaxCoolDownSeconds') * 1000,
  };
}

/** A 429 says the channel is saturated: sending it more calls makes it worse, as a server error does. */
const TOO_MANY_REQUESTS = 429;

/**
 * Why a failed attempt counts toward the channel's breaker, or null when it does not: no answer
 * at all (the connection failed, or the upstream timed out), a server error or a timeout (5xx,
 * a refusal sent with 200 included, counted as 502), a 429, or what would switch the channel off
 * (a status of AutomaticDisableStatusCodes or a keyword of AutomaticDisableKeywords). A client's
 * own error (400, 404, 413) says nothing of the channel's health.
 */
export function breakerFailureReason(switches: Pick<HealthSwitches, 'disableStatuses' | 'disableKeywords'>, status: number | null, text: string): string | null {
  if (status === null) return 'no answer (connection failed or timed out)';
  const failure = readUpstreamFailure(status, text);
  const counted = status >= 500 || status === TOO_MANY_REQUESTS || inRanges(switches.disableStatuses, status) || switches.disableKeywords.some((keyword) => failure.message.toLowerCase().includes(keyword));
  return counted ? `httpCode ${status}${failure.message ? `, message ${failure.message}` : ''}` : null;
}
