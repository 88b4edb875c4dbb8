import { own, parseJsonTable } from '@tollgate/wire';
import type { Options } from '../../ports/options.js';
import type { RateLimiter, RateLimiters } from '../../ports/hot-state/rate-limiter.js';
import { RelayError } from '../../http/relay-error.js';

/** What the caller must still say: whether its call counts against the success limit. */
export interface AdmittedRequest {
  /** The call got no answer below 400: its reserved success is given back. */
  failed(): Promise<void>;
}

const UNLIMITED: AdmittedRequest = { failed: async () => {} };

interface Limits {
  minutes: number;
  total: number;
  success: number;
}

/** The limits in force for a group: ModelRequestRateLimitGroup's pair, else the two global counts. */
function limitsFor(options: Options, group: string): Limits {
  const minutes = options.number('ModelRequestRateLimitDurationMinutes');
  const pair = own(groupPairs(options.string('ModelRequestRateLimitGroup')), group);
  if (pair) return { minutes, total: pair[0], success: pair[1] };
  return { minutes, total: options.number('ModelRequestRateLimitCount'), success: options.number('ModelRequestRateLimitSuccessCount') };
}

/** Group -> [total, success]; read with `own`, since the group is a name a client's token carries. */
function groupPairs(text: string): Record<string, [number, number]> {
  return parseJsonTable(text) as Record<string, [number, number]>;
}

const tooMany = (message: string) => new RelayError(429, message, 'model_request_rate_limited');

/**
 * new-api's per-user model request limits (ModelRequestRateLimit*): every call counts against
 * the total (0 = none), and only answered calls (status < 400) against the success count. Stricter
 * than new-api, which counts a success once it has happened: here a call reserves its success at
 * admission and gives it back if it fails, so calls in flight count and a parallel burst can't
 * pass the limit. A gateway that dies mid-call keeps the reservation until the window ends. The counters live where the composition root
 * put the rate limiters: in the process embedded, in Redis for a cluster.
 */
export class ModelRequestLimit {
  /** One limiter per rule: an in-process limiter keeps its counters in itself, so it must be reused. */
  private readonly limiters = new Map<string, RateLimiter>();

  constructor(
    private readonly makeLimiter: RateLimiters,
    private readonly options: Options,
  ) {}

  private limiter(name: string, points: number, minutes: number): RateLimiter {
    const id = `${name}:${points}:${minutes}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = this.makeLimiter({ name: `model-request-${name}`, points, durationSeconds: minutes * 60 });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  /** Refuses with new-api's 429 and message when a limit is reached; otherwise admits the call. */
  async admit(userId: number, group: string): Promise<AdmittedRequest> {
    if (!this.options.boolean('ModelRequestRateLimitEnabled')) return UNLIMITED;
    const { minutes, total, success } = limitsFor(this.options, group);
    const key = String(userId);
    if (total > 0 && (await this.limiter('total', total, minutes).take(key)) !== null) {
      throw tooMany(`您已达到总请求数限制：${minutes}分钟内最多请求${total}次，包括失败次数，请检查您的请求是否正确`);
    }
    const reserved = await this.limiter('success', success, minutes).reserve(key);
    if (typeof reserved === 'number') throw tooMany(`您已达到请求数限制：${minutes}分钟内最多请求${success}次`);
    return { failed: () => reserved.giveBack() };
  }
}
