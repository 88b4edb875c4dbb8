import { runRateLimiterContract } from '../../ports/hot-state/rate-limiter.contract.js';
import { inProcessRateLimiters } from './rate-limiter.js';

runRateLimiterContract('in-process', inProcessRateLimiters);
