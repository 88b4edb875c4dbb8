/**
 * Lua for the Redis hold store. Each runs atomically on the server, so a check and its
 * reservation can never interleave with another gateway's. Time is the server's (TIME), so
 * every gateway agrees on when a hold expires.
 *
 * Keys: {p}bal:u:<id> quota; {p}bal:t:<id> remaining; {p}unl:t:<id> "1" when unlimited;
 * {p}held:u:<id>, {p}held:t:<id> amounts held (a token's whatever its unlimited flag);
 * {p}hold:<holdId> hash u, t, a (and l on a token's limit hold); {p}lim:t:<id> hash of a token's
 * limit holds (holdId -> remaining quota); {p}exp zset of hold ids by expiry (ms).
 */

/** Releases one hold (if still there) — shared head of every script. */
const RELEASE_FN = `
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function release(p, id)
  local h = redis.call('HMGET', p .. 'hold:' .. id, 'u', 't', 'a', 'l')
  if not h[1] then return end
  redis.call('DECRBY', p .. 'held:u:' .. h[1], h[3])
  redis.call('DECRBY', p .. 'held:t:' .. h[2], h[3])
  if h[4] then redis.call('HDEL', p .. 'lim:t:' .. h[2], id) end
  redis.call('DEL', p .. 'hold:' .. id)
  redis.call('ZREM', p .. 'exp', id)
end
local function expire_due(p)
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', p .. 'exp', '-inf', now_ms(), 'LIMIT', 0, 256)) do release(p, id) end
end
local function num(key) return tonumber(redis.call('GET', key) or '0') end
local function available(p, u)
  expire_due(p)
  if redis.call('EXISTS', p .. 'bal:u:' .. u) == 0 then return false end
  return num(p .. 'bal:u:' .. u) - num(p .. 'held:u:' .. u)
end
`;

/**
 * ARGV: prefix, holdId, userId, tokenId, least, most, ttlMs -> the amount granted (as much of
 * [least, most] as the user's and the token's available balance allow; the token's remaining
 * quota counts unless unlimited, its limit holds' always)
 * | 'user_quota' | 'token_quota' | 'balance_unknown'
 */
export const ACQUIRE = `${RELEASE_FN}
local p, id, u, t, least, most, ttl = ARGV[1], ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
expire_due(p)
if redis.call('EXISTS', p .. 'bal:u:' .. u) == 0 or redis.call('EXISTS', p .. 'bal:t:' .. t) == 0 then return 'balance_unknown' end
local user_room = num(p .. 'bal:u:' .. u) - num(p .. 'held:u:' .. u)
local cap = nil
if redis.call('GET', p .. 'unl:t:' .. t) ~= '1' then cap = num(p .. 'bal:t:' .. t) end
for _, limit in ipairs(redis.call('HVALS', p .. 'lim:t:' .. t)) do
  if cap == nil or tonumber(limit) < cap then cap = tonumber(limit) end
end
local token_room = most
if cap then token_room = cap - num(p .. 'held:t:' .. t) end
if user_room < least then return 'user_quota' end
if token_room < least then return 'token_quota' end
local a = math.max(least, math.min(most, user_room, token_room))
redis.call('HSET', p .. 'hold:' .. id, 'u', u, 't', t, 'a', a)
redis.call('INCRBY', p .. 'held:u:' .. u, a)
redis.call('INCRBY', p .. 'held:t:' .. t, a)
redis.call('ZADD', p .. 'exp', now_ms() + ttl, id)
return a`;

/**
 * ARGV: prefix, holdId, tokenId, remain, ttlMs -> 'ok' | what the token's holds hold, when more than remain.
 * A limit hold holds nothing (user 0, amount 0): it caps the token at remain until released.
 */
export const LIMIT_TOKEN = `${RELEASE_FN}
local p, id, t, remain, ttl = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5])
expire_due(p)
local held = num(p .. 'held:t:' .. t)
if held > remain then return held end
redis.call('HSET', p .. 'hold:' .. id, 'u', 0, 't', t, 'a', 0, 'l', remain)
redis.call('HSET', p .. 'lim:t:' .. t, id, remain)
redis.call('ZADD', p .. 'exp', now_ms() + ttl, id)
return 'ok'`;

/** ARGV: prefix, holdId, amount -> what the hold's user can still spend after, or nil (no such hold, balance unknown) */
export const ADJUST = `${RELEASE_FN}
local p, id, a = ARGV[1], ARGV[2], tonumber(ARGV[3])
local h = redis.call('HMGET', p .. 'hold:' .. id, 'u', 't', 'a')
if not h[1] then return false end
redis.call('INCRBY', p .. 'held:u:' .. h[1], a - tonumber(h[3]))
redis.call('INCRBY', p .. 'held:t:' .. h[2], a - tonumber(h[3]))
redis.call('HSET', p .. 'hold:' .. id, 'a', a)
return available(p, h[1])`;

/** ARGV: prefix, holdId... */
export const RELEASE = `${RELEASE_FN}
for i = 2, #ARGV do release(ARGV[1], ARGV[i]) end
return 1`;

/**
 * ARGV: prefix, onlyIfAbsent ("1" to seed), nUsers, (userId, quota)*, nTokens, (tokenId, remain, unlimited)*, settled holdIds*
 * Sets balances (seeding keeps what is there) and releases the settled holds, in one step.
 */
export const SET_BALANCES = `${RELEASE_FN}
local p, seed = ARGV[1], ARGV[2] == '1'
local i = 3
local function set(key, value) if seed then redis.call('SET', key, value, 'NX') else redis.call('SET', key, value) end end
for _ = 1, tonumber(ARGV[i]) do set(p .. 'bal:u:' .. ARGV[i + 1], ARGV[i + 2]); i = i + 2 end
i = i + 1
for _ = 1, tonumber(ARGV[i]) do
  set(p .. 'bal:t:' .. ARGV[i + 1], ARGV[i + 2]); set(p .. 'unl:t:' .. ARGV[i + 1], ARGV[i + 3]); i = i + 3
end
for j = i + 1, #ARGV do release(p, ARGV[j]) end
return 1`;

/** ARGV: prefix, userId -> available, or false when the balance is unknown */
export const AVAILABLE = `${RELEASE_FN}
return available(ARGV[1], ARGV[2])`;

/** ARGV: prefix, ttlMs, (holdId, userId, tokenId, amount)* -> 1. Moves each hold's expiry to now + ttl, taking again one that is gone. */
export const KEEP = `${RELEASE_FN}
local p, ttl = ARGV[1], tonumber(ARGV[2])
local expires = now_ms() + ttl
for i = 3, #ARGV, 4 do
  local id, u, t, a = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
  if redis.call('EXISTS', p .. 'hold:' .. id) == 0 then
    redis.call('HSET', p .. 'hold:' .. id, 'u', u, 't', t, 'a', a)
    redis.call('INCRBY', p .. 'held:u:' .. u, a)
    redis.call('INCRBY', p .. 'held:t:' .. t, a)
  end
  redis.call('ZADD', p .. 'exp', expires, id)
end
return 1`;
