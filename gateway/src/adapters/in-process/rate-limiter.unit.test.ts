import { runRateLimiterContract } from '../../ports/rate-limiter.contract.js';
import { inProcessRateLimiters } from './rate-limiter.js';

runRateLimiterContract('in-process', inProcessRateLimiters);
