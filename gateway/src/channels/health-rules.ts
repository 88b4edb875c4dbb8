import { inRanges, type StatusRange } from './status-code-ranges.js';

/**
 * When a channel is switched off or back on by itself, as the wire-compatible gateway decides it.
 * Pure: the relay, the channel test and the periodic test all ask these.
 */

/** What an upstream answered when it failed, read from any provider's error shape. */
export interface UpstreamFailure {
  status: number;
  type: string;
  code: string;
  message: string;
}

export interface HealthSwitches {
  automaticDisable: boolean;
  automaticEnable: boolean;
  /** ChannelDisableThreshold, seconds; 0 means no threshold. */
  disableThresholdSeconds: number;
  /** AutomaticDisableStatusCodes: an upstream status in these ranges disables the channel. */
  disableStatuses: readonly StatusRange[];
  /** AutomaticDisableKeywords, lower-cased: an error message holding one disables the channel. */
  disableKeywords: readonly string[];
}

const DISABLING_CODES = new Set(['invalid_api_key', 'account_deactivated', 'billing_not_active']);
/** OpenAI's quota type, and Anthropic's authentication and permission errors. */
const DISABLING_TYPES = new Set(['insufficient_quota', 'authentication_error', 'permission_error', 'forbidden']);
const GEMINI = 24;

/**
 * A failure that says the channel's account or key is unusable, not that this one call went wrong:
 * a status in AutomaticDisableStatusCodes, a keyword of AutomaticDisableKeywords in the message
 * (either case), or an error code or type that names the key or the account.
 */
export function shouldDisable(switches: HealthSwitches, channelType: number, failure: UpstreamFailure): boolean {
  if (!switches.automaticDisable) return false;
  if (inRanges(switches.disableStatuses, failure.status)) return true;
  if (failure.status === 403 && channelType === GEMINI) return true;
  if (DISABLING_CODES.has(failure.code) || DISABLING_TYPES.has(failure.type)) return true;
  const message = failure.message.toLowerCase();
  return switches.disableKeywords.some((keyword) => message.includes(keyword));
}

/** The keywords of AutomaticDisableKeywords as shouldDisable matches them. */
export function keywordList(text: string): string[] {
  return text.split('\n').map((line) => line.trim().toLowerCase()).filter(Boolean);
}

/** Only a channel disabled automatically comes back by itself, and only after a clean test. */
export function shouldEnable(switches: HealthSwitches, channelStatus: number, testFailed: boolean): boolean {
  return switches.automaticEnable && channelStatus === 3 && !testFailed;
}

/** The reason a test took too long, or null within the threshold. */
export function slowTestReason(switches: HealthSwitches, elapsedMs: number): string | null {
  const thresholdMs = switches.disableThresholdSeconds * 1000;
  if (thresholdMs <= 0 || elapsedMs <= thresholdMs) return null;
  return `响应时间 ${(elapsedMs / 1000).toFixed(2)}s 超过阈值 ${switches.disableThresholdSeconds.toFixed(2)}s`;
}

/** The reason text a failure leaves on the channel (other_info.status_reason). */
export function failureReason(failure: UpstreamFailure): string {
  return `type ${failure.type}, httpCode ${failure.status}, code ${failure.code}, message ${failure.message}`;
}
