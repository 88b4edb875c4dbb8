/**
 * When a channel's breaker opens and how long it stays open: read from the options at each
 * failure, so an admin's change takes effect at the next one.
 */
export interface BreakerSettings {
  /** Failures within `windowMs` that open the breaker; 0 turns the breaker off. */
  threshold: number;
  windowMs: number;
  /** How long the first opening lasts; each failed probe doubles it, up to `maxCoolDownMs`. */
  coolDownMs: number;
  maxCoolDownMs: number;
}

/** What a transition did: a closed breaker opened, a probe was let through, the probe closed it or reopened it. */
export type BreakerChange = 'opened' | 'half-open' | 'closed' | 'reopened';

/**
 * Which breaker: a channel's own (`keyIndex` absent), or that of one key of a multi-key channel,
 * so one failing key is kept out while the channel's other keys serve. A key is named by its
 * index in the channel's key list, as new-api's per-key status is.
 */
export interface BreakerKey {
  channelId: number;
  keyIndex?: number;
}

/** A breaker's name in a map or a store key: `7` for a channel's own, `7:2` for its key 2. */
export const breakerName = ({ channelId, keyIndex }: BreakerKey): string => (keyIndex === undefined ? String(channelId) : `${channelId}:${keyIndex}`);

/** The key alone, whatever else the value carries (a state, a transition). */
export const breakerKeyOf = ({ channelId, keyIndex }: BreakerKey): BreakerKey => (keyIndex === undefined ? { channelId } : { channelId, keyIndex });

/**
 * A breaker as the stores keep it. `open`: skipped until `until`, then one probe may be
 * claimed. `half-open`: a probe is out; another may be claimed at `until` if it never reports.
 */
export interface BreakerState extends BreakerKey {
  state: 'closed' | 'open' | 'half-open';
  /** Milliseconds since the epoch; 0 when closed. */
  until: number;
  /** The cool-down of the current opening (0 when closed). */
  coolDownMs: number;
}

/** A change of state, told to every gateway: what changed, when, and why (a failure's reason, the probe's outcome). */
export interface BreakerTransition extends BreakerState {
  change: BreakerChange;
  at: number;
  reason: string;
}

export type BreakerListener = (transition: BreakerTransition) => void;

/**
 * The circuit breaker of each channel, and of each key of a multi-key channel (BreakerKey), shared
 * by every gateway (Redis in a cluster), so a failing channel or key is skipped by the whole fleet
 * and exactly one call in the fleet probes it when its cool-down has passed. Breakers are apart:
 * a key's never touches its channel's or another key's.
 *
 * Only failures and probes reach the store; a healthy call reads the local view that the
 * transitions keep (relay/upstream/breaker-view.ts), so it costs the store nothing. Every
 * transition an adapter makes is told to every subscriber on every gateway, its own included.
 * Times are the caller's (`at`, milliseconds since the epoch), so tests need no sleeps.
 */
export interface CircuitBreakers {
  /**
   * Counts a failed call of a closed breaker; the `threshold`th within the last `windowMs` opens
   * it for `coolDownMs`. Failures of an open or half-open breaker (calls that started before it
   * opened) change nothing. Returns the state after, and the transition when there was one.
   */
  failure(breaker: BreakerKey, at: number, settings: BreakerSettings, reason: string): Promise<BreakerTransition | BreakerState>;
  /**
   * Claims the half-open probe slot of an open breaker whose cool-down has passed (or of a
   * half-open one whose probe never reported within a cool-down): the 'half-open' transition for
   * exactly one caller across every gateway; everyone else gets the state as it is (so a gateway
   * that missed a transition catches up).
   */
  claimProbe(breaker: BreakerKey, holder: string, at: number): Promise<BreakerTransition | BreakerState>;
  /**
   * The claimed probe's outcome: success closes the breaker, failure reopens it with its cool-down
   * doubled (up to `maxCoolDownMs`). Null when `holder` no longer holds the slot.
   */
  probeEnded(breaker: BreakerKey, holder: string, ok: boolean, at: number, settings: BreakerSettings, reason: string): Promise<BreakerTransition | null>;
  subscribe(listener: BreakerListener): () => void;
}

export const isTransition = (answer: BreakerTransition | BreakerState): answer is BreakerTransition => 'change' in answer;
