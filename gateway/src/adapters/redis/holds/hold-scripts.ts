/**
 * Lua for the Redis hold store. Each runs atomically on the server, so a check and its
 * reservation can never interleave with another gateway's. Time is the server's (TIME), so
 * every gateway agrees on when a hold expires.
 *
 * Every key of one user shares the prefix p = {prefix}{u<id>}: (a hash tag, so a Redis Cluster
 * keeps them in one slot, and a script touches one node): p quota; p held (what the user's holds
 * hold); p bal:t:<id> a token's remaining quota; p unl:t:<id> "1" when unlimited; p held:t:<id>
 * what the token's holds hold, whatever its unlimited flag; p lim:t:<id> hash of a token's limit
 * holds (holdId -> remaining quota); p hold:<holdId> hash a (amount), u ("1" when it holds the
 * user's quota), t (the token it holds from), l (on a limit hold, its limit); p exp the user's
 * holds by expiry (ms); p ver hash of the versions of the balances the ledger announced (u the
 * user's, t:<id> a token's). A token's keys are kept with its owner's. KEYS[1] is p exp.
 * Subscriptions (issue #41): p wh:<window key> what holds in flight hold of a window; p wu:<window
 * key> what settled calls took from it, expiring when the window ends; a hold a subscription pays
 * has no u and a w: its windows as "key|endsAt" joined by commas.
 */

/** Shared head of every script: release, expiry, what a user can spend. */
const RELEASE_FN = `
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function num(key) return tonumber(redis.call('GET', key) or '0') end
local function add(key, delta)
  if delta == 0 then return end -- a limit hold's 0, negated, would reach INCRBY as -0, which it refuses
  if redis.call('INCRBY', key, delta) == 0 then redis.call('DEL', key) end
end
local function release(p, id, settled)
  local h = redis.call('HMGET', p .. 'hold:' .. id, 'u', 't', 'a', 'l', 'w')
  if not h[3] then return end
  local a = tonumber(h[3])
  if h[1] then add(p .. 'held', -a) end
  if h[2] then add(p .. 'held:t:' .. h[2], -a) end
  for key, ends in string.gmatch(h[5] or '', '([^|,]+)|(%d+)') do
    add(p .. 'wh:' .. key, -a)
    -- Settled: the ledger applied the call, so its window keeps counting it until the window ends.
    if settled and a > 0 then
      redis.call('INCRBY', p .. 'wu:' .. key, a)
      redis.call('PEXPIREAT', p .. 'wu:' .. key, ends)
    end
  end
  if h[4] then redis.call('HDEL', p .. 'lim:t:' .. h[2], id) end
  redis.call('DEL', p .. 'hold:' .. id)
  redis.call('ZREM', p .. 'exp', id)
end
local function expire_due(p)
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', p .. 'exp', '-inf', now_ms(), 'LIMIT', 0, 256)) do release(p, id) end
end
local function available(p)
  expire_due(p)
  if redis.call('EXISTS', p .. 'quota') == 0 then return false end
  return num(p .. 'quota') - num(p .. 'held')
end
local function take(p, id, holds_user, t, a)
  redis.call('HSET', p .. 'hold:' .. id, 'a', a)
  if holds_user then
    redis.call('HSET', p .. 'hold:' .. id, 'u', '1')
    add(p .. 'held', a)
  end
  if t then
    redis.call('HSET', p .. 'hold:' .. id, 't', t)
    add(p .. 'held:t:' .. t, a)
  end
end
`;

/** What a token can still take: the least of its remaining quota (when limited) and its limit holds, minus its holds; `most` when nothing caps it. */
const TOKEN_ROOM_FN = `
local function token_room(p, t, most)
  local cap = nil
  if redis.call('GET', p .. 'unl:t:' .. t) ~= '1' then cap = num(p .. 'bal:t:' .. t) end
  for _, limit in ipairs(redis.call('HVALS', p .. 'lim:t:' .. t)) do
    if cap == nil or tonumber(limit) < cap then cap = tonumber(limit) end
  end
  if cap then return cap - num(p .. 'held:t:' .. t) end
  return most
end
`;

/** The subscriptions of ACQUIRE's ARGV from index `i`: { id, wins = { {key, limit, endsAt}... } }... */
const POCKETS_FN = `
local function pockets(i)
  local subs = {}
  local count = tonumber(ARGV[i])
  i = i + 1
  for _ = 1, count do
    local sub = { id = tonumber(ARGV[i]), wins = {} }
    local n = tonumber(ARGV[i + 1])
    i = i + 2
    for _ = 1, n do
      sub.wins[#sub.wins + 1] = { ARGV[i], tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2]) }
      i = i + 3
    end
    subs[#subs + 1] = sub
  end
  return subs
end
local function window_room(p, w, now)
  if w[3] <= now then return 0 end
  return w[2] - num(p .. 'wh:' .. w[1]) - num(p .. 'wu:' .. w[1])
end
-- The first subscription whose every window has room for least, and that room (most when none limits it).
local function pick(p, subs, least, most, now)
  for _, sub in ipairs(subs) do
    local room = most
    for _, w in ipairs(sub.wins) do room = math.min(room, window_room(p, w, now)) end
    if room >= least then return sub, room end
  end
  return nil, 0
end
`;

/**
 * ARGV: p, holdId, tokenId, least, most, ttlMs, scope ('user-and-token' | 'user' | 'token'),
 * order ('' when the wallet alone pays, else the pockets' order), nSubs, (subscriptionId, nWindows, (key, limit, endsAt)*)* ->
 * the amount granted (as much of [least, most] as the balances in scope allow), or {amount, subscriptionId}
 * when a subscription pays | 'user_quota' | 'token_quota' | 'subscription_quota' | 'balance_unknown'
 */
export const ACQUIRE = `${RELEASE_FN}${TOKEN_ROOM_FN}${POCKETS_FN}
local p, id, t, least, most, ttl, scope, order = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]), ARGV[7], ARGV[8] or ''
local holds_user, holds_token = scope ~= 'token', scope ~= 'user'
expire_due(p)
if holds_user and redis.call('EXISTS', p .. 'quota') == 0 then return 'balance_unknown' end
if holds_token and redis.call('EXISTS', p .. 'bal:t:' .. t) == 0 then return 'balance_unknown' end
local user_room, room = most, most
if holds_user then user_room = num(p .. 'quota') - num(p .. 'held') end
if holds_token then room = token_room(p, t, most) end
local sub, sub_room = nil, 0
if order ~= '' and not (order == 'wallet_first' and user_room >= least) then
  sub, sub_room = pick(p, pockets(9), least, most, now_ms())
  if not sub and order == 'subscription_only' then return 'subscription_quota' end
end
if not sub and user_room < least then return 'user_quota' end
if room < least then return 'token_quota' end
if not holds_token then t = nil end
if sub then
  local a = math.max(least, math.min(most, sub_room, room))
  take(p, id, false, t, a)
  local wins = {}
  for _, w in ipairs(sub.wins) do
    add(p .. 'wh:' .. w[1], a)
    wins[#wins + 1] = w[1] .. '|' .. w[3]
  end
  redis.call('HSET', p .. 'hold:' .. id, 'w', table.concat(wins, ','))
  redis.call('ZADD', p .. 'exp', now_ms() + ttl, id)
  return { a, sub.id }
end
local a = math.max(least, math.min(most, user_room, room))
take(p, id, holds_user, t, a)
redis.call('ZADD', p .. 'exp', now_ms() + ttl, id)
return a`;

/**
 * ARGV: p, holdId, tokenId, remain, ttlMs -> 'ok' | what the token's holds hold, when more than remain.
 * A limit hold holds nothing: it caps the token at remain until released.
 */
export const LIMIT_TOKEN = `${RELEASE_FN}
local p, id, t, remain, ttl = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5])
expire_due(p)
local held = num(p .. 'held:t:' .. t)
if held > remain then return held end
redis.call('HSET', p .. 'hold:' .. id, 't', t, 'a', 0, 'l', remain)
redis.call('HSET', p .. 'lim:t:' .. t, id, remain)
redis.call('ZADD', p .. 'exp', now_ms() + ttl, id)
return 'ok'`;

/** ARGV: p, holdId, amount -> what the user can still spend after, or nil (no such hold, balance unknown) */
export const ADJUST = `${RELEASE_FN}
local p, id, a = ARGV[1], ARGV[2], tonumber(ARGV[3])
local h = redis.call('HMGET', p .. 'hold:' .. id, 'u', 't', 'a', 'w')
if not h[3] then return false end
if h[1] then add(p .. 'held', a - tonumber(h[3])) end
if h[2] then add(p .. 'held:t:' .. h[2], a - tonumber(h[3])) end
for key in string.gmatch(h[4] or '', '([^|,]+)|%d+') do add(p .. 'wh:' .. key, a - tonumber(h[3])) end
redis.call('HSET', p .. 'hold:' .. id, 'a', a)
return available(p)`;

/** ARGV: p, holdId... */
export const RELEASE = `${RELEASE_FN}
for i = 2, #ARGV do release(ARGV[1], ARGV[i]) end
return 1`;

/**
 * ARGV: p, onlyIfAbsent ("1" to seed), quota ('' when not given), its version ('' when none), nTokens,
 * (tokenId, remain, unlimited, version)*, settled holdIds*
 * Sets one user's balances (seeding keeps what is there) and releases its settled holds, in one
 * step. A versioned balance replaces only one of a lower version: two ledger processes may announce
 * one account in either order, and the older must not put an older balance back.
 */
export const SET_BALANCES = `${RELEASE_FN}
local p, seed = ARGV[1], ARGV[2] == '1'
local function set(key, value) if seed then redis.call('SET', key, value, 'NX') else redis.call('SET', key, value) end end
local function newer(field, version)
  if version == '' then return true end
  local known = redis.call('HGET', p .. 'ver', field)
  if known and tonumber(known) >= tonumber(version) then return false end
  redis.call('HSET', p .. 'ver', field, version)
  return true
end
if ARGV[3] ~= '' and newer('u', ARGV[4]) then set(p .. 'quota', ARGV[3]) end
local i = 5
for _ = 1, tonumber(ARGV[i]) do
  local t = ARGV[i + 1]
  if newer('t:' .. t, ARGV[i + 4]) then set(p .. 'bal:t:' .. t, ARGV[i + 2]); set(p .. 'unl:t:' .. t, ARGV[i + 3]) end
  i = i + 4
end
for j = i + 1, #ARGV do release(p, ARGV[j], true) end
return 1`;

/** ARGV: p, window key... -> what each subscription window counts: its holds (p wh:<key>) and settled calls (p wu:<key>, gone when the window ends). */
export const COUNTED = `${RELEASE_FN}
local p = ARGV[1]
expire_due(p)
local counted = {}
for i = 2, #ARGV do counted[#counted + 1] = num(p .. 'wh:' .. ARGV[i]) + num(p .. 'wu:' .. ARGV[i]) end
return counted`;

/** ARGV: p -> available, or false when the balance is unknown */
export const AVAILABLE = `${RELEASE_FN}
return available(ARGV[1])`;

/**
 * ARGV: p, ttlMs, (holdId, tokenId, amount, windows)* -> 1. Moves each hold's expiry to now + ttl,
 * taking again one that is gone from where it was: a subscription's windows ("key|endsAt,..."),
 * or the wallet when windows is ''.
 */
export const KEEP = `${RELEASE_FN}
local p, ttl = ARGV[1], tonumber(ARGV[2])
local expires = now_ms() + ttl
for i = 3, #ARGV, 4 do
  local id, a, wins = ARGV[i], tonumber(ARGV[i + 2]), ARGV[i + 3]
  if redis.call('EXISTS', p .. 'hold:' .. id) == 0 then
    take(p, id, wins == '', ARGV[i + 1], a)
    if wins ~= '' then
      for key in string.gmatch(wins, '([^|,]+)|%d+') do add(p .. 'wh:' .. key, a) end
      redis.call('HSET', p .. 'hold:' .. id, 'w', wins)
    end
  end
  redis.call('ZADD', p .. 'exp', expires, id)
end
return 1`;
