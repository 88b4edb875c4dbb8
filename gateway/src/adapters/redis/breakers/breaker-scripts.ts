import { LuaScript } from '../lua-script.js';

/**
 * The breaker rules of adapters/in-process/circuit-breakers.ts as Lua, each one atomic step in
 * Redis. KEYS[1] is the breaker's hash (st: open | half-open, until, cd: the cool-down, holder: the
 * probe's), KEYS[2] the list of a closed breaker's latest failure times (at most `threshold`): both
 * tagged `{c<id>}` (a channel's own breaker and its keys' alike), one slot. A missing hash is a closed breaker. Each answers
 * {state, until, coolDownMs, changed (1|0)}.
 */

/** ARGV: at, threshold, windowMs, coolDownMs, ttlMs. */
export const FAILURE = new LuaScript(`
local v = redis.call('hmget', KEYS[1], 'st', 'until', 'cd')
if v[1] then return {v[1], tonumber(v[2]), tonumber(v[3]), 0} end
local at, n, window = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if n <= 0 then return {'closed', 0, 0, 0} end
redis.call('rpush', KEYS[2], ARGV[1])
redis.call('ltrim', KEYS[2], -n, -1)
redis.call('pexpire', KEYS[2], ARGV[5])
local oldest = tonumber(redis.call('lindex', KEYS[2], 0))
if redis.call('llen', KEYS[2]) < n or at - oldest >= window then return {'closed', 0, 0, 0} end
redis.call('del', KEYS[2])
local untilAt = at + tonumber(ARGV[4])
redis.call('hset', KEYS[1], 'st', 'open', 'until', untilAt, 'cd', ARGV[4], 'holder', '')
redis.call('pexpire', KEYS[1], ARGV[5])
return {'open', untilAt, tonumber(ARGV[4]), 1}
`);

/** ARGV: at, holder, ttlMs. The slot goes to the first caller at or past `until`. */
export const CLAIM = new LuaScript(`
local v = redis.call('hmget', KEYS[1], 'st', 'until', 'cd')
if not v[1] then return {'closed', 0, 0, 0} end
local at, cd = tonumber(ARGV[1]), tonumber(v[3])
if at < tonumber(v[2]) then return {v[1], tonumber(v[2]), cd, 0} end
redis.call('hset', KEYS[1], 'st', 'half-open', 'until', at + cd, 'holder', ARGV[2])
redis.call('pexpire', KEYS[1], ARGV[3])
return {'half-open', at + cd, cd, 1}
`);

/** ARGV: holder, ok (1|0), at, maxCoolDownMs, ttlMs. Nil when `holder` no longer holds the slot. */
export const PROBE_ENDED = new LuaScript(`
local v = redis.call('hmget', KEYS[1], 'st', 'holder', 'cd')
if v[1] ~= 'half-open' or v[2] ~= ARGV[1] then return nil end
if ARGV[2] == '1' then
  redis.call('del', KEYS[1], KEYS[2])
  return {'closed', 0, 0, 1}
end
local cd = tonumber(v[3])
cd = math.min(cd * 2, math.max(tonumber(ARGV[4]), cd))
local untilAt = tonumber(ARGV[3]) + cd
redis.call('hset', KEYS[1], 'st', 'open', 'until', untilAt, 'cd', cd, 'holder', '')
redis.call('pexpire', KEYS[1], ARGV[5])
return {'open', untilAt, cd, 1}
`);
