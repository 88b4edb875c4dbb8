import type { Channel } from '../../ports/documents/channel-store.js';
import { providerFor } from '../../providers/index.js';
import type { RequestPart } from '../../providers/types.js';
import { RelayMessages } from '../../http/relay-error.js';

/** What a call plan tells the router and the client about the parts of its request some providers cannot send. */
export interface RequestPartsGate {
  /** Whether the channel can take the request (the router prefers one that can). */
  accepts(channel: Channel): boolean;
  /** Why it cannot (the client's 400 unsupported_request_part when no channel can), or null. */
  unservable(channel: Channel): string | null;
}

/**
 * The gate over a request whose parts `partsOf` reads, as OpenAI chat parts: read once, and only
 * when a channel whose provider cannot take some part (cannotTake) is first considered, so a
 * request to capable channels never pays for it. A channel that takes the surface's own body as
 * it came (`native`: an Anthropic channel on Claude's surface) sends every part it was given.
 */
export function requestPartsGate(partsOf: () => RequestPart[], native: (channel: Channel) => boolean = () => false): RequestPartsGate {
  let parts: RequestPart[] | undefined;
  const unservable = (channel: Channel): string | null => {
    const { cannotTake, id } = providerFor(channel.type);
    if (!cannotTake || native(channel)) return null;
    parts ??= partsOf();
    const refused = parts.filter((part) => cannotTake.includes(part));
    return refused.length === 0 ? null : RelayMessages.cannotTake(id, refused);
  };
  return { unservable, accepts: (channel) => unservable(channel) === null };
}
