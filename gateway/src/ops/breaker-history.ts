import type { BackgroundLog } from '@tollgate/ledger';
import { runInBackground } from '@tollgate/ledger';
import { type BreakerNote, breakerNoteSchema } from '@tollgate/wire';
import { z } from 'zod/mini';
import { otherInfoOf } from '../channels/channel-status.js';
import type { ChannelsContext } from '../contexts/channels.js';
import type { Channel } from '../ports/documents/channel-store.js';
import type { BreakerTransition } from '../ports/hot-state/circuit-breakers.js';

/** Transitions kept in a channel's `other_info.breaker_history`, newest last. */
export const BREAKER_HISTORY_KEPT = 20;

const historySchema = z.array(breakerNoteSchema);

/** The breaker's last transition as `other_info.breaker` keeps it, or null before the first (or unreadable). */
export function breakerNoteOf(channel: Channel): BreakerNote | null {
  const note = breakerNoteSchema.safeParse(otherInfoOf(channel).breaker);
  return note.success ? note.data : null;
}

/** Transitions a channel's health row carries (channel-health.ts): enough for the bursts one push may fold together. */
export const BREAKER_HISTORY_SHOWN = 5;

/** The breaker's latest transitions as `other_info.breaker_history` keeps them, oldest first (none when unreadable). */
export function breakerHistoryOf(channel: Channel, kept = BREAKER_HISTORY_SHOWN): BreakerNote[] {
  const history = historySchema.safeParse(otherInfoOf(channel).breaker_history);
  return history.success ? history.data.slice(-kept) : [];
}

const keyNotesSchema = z.record(z.string(), breakerNoteSchema);

/** A multi-key channel's keys whose breaker is not closed (`other_info.breaker_keys`), by key index. */
export function keyBreakersOf(channel: Channel): BreakerNote[] {
  const notes = keyNotesSchema.safeParse(otherInfoOf(channel).breaker_keys);
  return notes.success ? Object.values(notes.data).sort((a, b) => (a.keyIndex ?? 0) - (b.keyIndex ?? 0)) : [];
}

/** The keys' breakers after a key's transition: a closed one leaves the list, so it holds only the keys kept out or probed. */
function keyBreakersAfter(channel: Channel, note: BreakerNote): Record<string, BreakerNote> {
  const kept = keyBreakersOf(channel).filter((other) => other.keyIndex !== note.keyIndex);
  const after = note.state === 'closed' ? kept : [...kept, note];
  return Object.fromEntries(after.map((n) => [String(n.keyIndex), n]));
}

const noteOf = (t: BreakerTransition): BreakerNote => ({ ...(t.keyIndex === undefined ? {} : { keyIndex: t.keyIndex }), state: t.state, change: t.change, until: t.until, reason: t.reason, at: t.at });

async function record(deps: ChannelsContext, transition: BreakerTransition): Promise<void> {
  const channel = await deps.channels.byId(transition.channelId);
  if (!channel) return;
  const info = otherInfoOf(channel);
  const note = noteOf(transition);
  const history = [...breakerHistoryOf(channel, BREAKER_HISTORY_KEPT), note].slice(-BREAKER_HISTORY_KEPT);
  const keys = note.keyIndex === undefined ? {} : { breaker_keys: keyBreakersAfter(channel, note) };
  await deps.channels.update(channel.id, { otherInfo: JSON.stringify({ ...info, breaker: note, breaker_history: history, ...keys }) });
  // Health, not routing: the routing tables follow the breakers' own pub/sub, the operations views this notice.
  deps.notices.publish('channelHealth', channel.id);
}

/**
 * Writes each transition this gateway made (of the channel's own breaker, or of one of a multi-key
 * channel's keys', the note naming the key) into the channel's health history (`other_info.breaker`,
 * the last BREAKER_HISTORY_KEPT in `breaker_history`, and a key's state in `breaker_keys`, beside
 * auto-disable's `status_reason`) and tells the operations views. One gateway makes each transition, so each is written once; this
 * gateway's writes go one after another, so two quick ones (a probe claimed and answered) both stay.
 */
export function breakerHistoryRecorder(deps: ChannelsContext, log: BackgroundLog): (transition: BreakerTransition) => void {
  let queue: Promise<void> = Promise.resolve();
  return (transition) => {
    const next = queue.then(() => record(deps, transition));
    queue = next.catch(() => undefined);
    runInBackground(`record a channel's breaker ${transition.change}`, () => next, log);
  };
}
