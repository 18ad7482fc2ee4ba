/*
 * coord_lua.c: the Lua scripts of Redis coordination (lib/coord_redis.c,
 * lib/coord_redis_run.c). Each is one atomic decision on the server,
 * named by its SHA-1 for EVALSHA and loaded again after NOSCRIPT.
 */
#include "coord_redis.h"

/* Milliseconds of the server's TIME, as every script computes it. */
#define NOW_MS "if redis.replicate_commands then " \
	"redis.replicate_commands() end\n" \
	"local t = redis.call('TIME')\n" \
	"local now = tonumber(t[1]) * 1000 + " \
	"math.floor(tonumber(t[2]) / 1000)\n"

/*
 * KEYS[1] bucket. ARGV: concurrency, spacing ms, lease TTL ms, owner,
 * scope. Returns {0, id, probe, now} admitted, {1, ms, now, 0} wait,
 * {2, ms, now, 0} cooling down. Leases are fields l:<id> = "since probe
 * owner"; expired ones are reclaimed first.
 */
struct w_redis_script w_lua_admit = { NOW_MS
"local k = KEYS[1]\n"
"local conc, spacing, ttl = tonumber(ARGV[1]), tonumber(ARGV[2]), "
"tonumber(ARGV[3])\n"
"local h = redis.call('HGETALL', k)\n"
"local n, probing, cool, last = 0, false, 0, 0\n"
"for i = 1, #h, 2 do\n"
"  local f, v = h[i], h[i + 1]\n"
"  if string.sub(f, 1, 2) == 'l:' then\n"
"    local since, probe = string.match(v, '^(%d+) (%d)')\n"
"    if since == nil or now - tonumber(since) > ttl then\n"
"      redis.call('HDEL', k, f)\n"
"    else\n"
"      n = n + 1\n"
"      if probe == '1' then probing = true end\n"
"    end\n"
"  elseif f == 'cool' then cool = tonumber(v) or 0\n"
"  elseif f == 'last' then last = tonumber(v) or 0 end\n"
"end\n"
"if cool > now then return {2, cool - now, now, 0} end\n"
"local probe = 0\n"
"if cool ~= 0 then\n"
"  if probing then return {1, 50, now, 0} end\n"
"  probe = 1\n"
"end\n"
"if n >= conc or n >= 8 then return {1, 20, now, 0} end\n"
"if last ~= 0 and now < last + spacing then\n"
"  return {1, last + spacing - now, now, 0}\n"
"end\n"
"local id = redis.call('HINCRBY', k, 'seq', 1)\n"
"redis.call('HSET', k, 'l:' .. id, now .. ' ' .. probe .. ' ' .. ARGV[4],"
" 'last', now, 'scope', ARGV[5])\n"
"redis.call('HINCRBY', k, 'admitted', 1)\n"
"redis.call('PEXPIRE', k, math.max(cool - now, ttl) + 3600000)\n"
"return {0, id, probe, now}\n", "" };

/*
 * KEYS[1] bucket. ARGV: lease id, outcome (0 success, 1 throttled,
 * 2 failure, 3 neutral), Retry-After ms or -1, cooldown ms, max
 * cooldown ms, infrastructure cooldown ms, lease TTL ms, scope.
 * Returns {now, cooldown end}.
 */
struct w_redis_script w_lua_release = { NOW_MS
"local k = KEYS[1]\n"
"redis.call('HDEL', k, 'l:' .. ARGV[1])\n"
"local o = tonumber(ARGV[2])\n"
"local cool = tonumber(redis.call('HGET', k, 'cool') or '0') or 0\n"
"if o == 0 then\n"
"  redis.call('HSET', k, 'throttles', 0, 'failures', 0, 'cool', 0)\n"
"  cool = 0\n"
"elseif o == 1 then\n"
"  redis.call('HINCRBY', k, 'throttled', 1)\n"
"  local s = redis.call('HINCRBY', k, 'throttles', 1)\n"
"  local ra, d, mx = tonumber(ARGV[3]), tonumber(ARGV[4]), "
"tonumber(ARGV[5])\n"
"  if ra >= 0 then\n"
"    d = math.min(ra, 86400000)\n"
"  else\n"
"    while s > 1 and d < mx do d = d * 2; s = s - 1 end\n"
"    if d > mx then d = mx end\n"
"  end\n"
"  if now + d > cool then cool = now + d; "
"redis.call('HSET', k, 'cool', cool) end\n"
"elseif o == 2 then\n"
"  redis.call('HINCRBY', k, 'failed', 1)\n"
"  local f = redis.call('HINCRBY', k, 'failures', 1)\n"
"  local d = tonumber(ARGV[6])\n"
"  if f >= 2 and now + d > cool then cool = now + d; "
"redis.call('HSET', k, 'cool', cool) end\n"
"end\n"
"if o ~= 3 then redis.call('HSETNX', k, 'scope', ARGV[8]) end\n"
"if redis.call('EXISTS', k) == 1 then\n"
"  redis.call('PEXPIRE', k, math.max(cool - now, tonumber(ARGV[7])) + "
"3600000)\n"
"end\n"
"return {now, cool}\n", "" };

/* KEYS[1] run. ARGV: max, TTL ms. */
struct w_redis_script w_lua_run_create = { NOW_MS
"redis.call('DEL', KEYS[1])\n"
"redis.call('HSET', KEYS[1], 'max', ARGV[1], 'maxd', "
"tonumber(ARGV[1]) * 4, 'used', 0, 'disp', 0, 'pending', 0, "
"'refunds', 0, 'exhausted', 0, 'created', now)\n"
"redis.call('PEXPIRE', KEYS[1], ARGV[2])\n"
"return 1\n", "" };

/*
 * KEYS[1] run, KEYS[2] its deferrals. ARGV: dispatch only (0/1), TTL.
 * Returns {0} reserved, {1, used, max} no answered search left,
 * {2, dispatched, ceiling} at the dispatch ceiling, {-1} the run is
 * gone, {-2} the run's hash is not ours.
 */
struct w_redis_script w_lua_run_reserve =
{ "local k = KEYS[1]\n"
"if redis.call('EXISTS', k) == 0 then return {-1} end\n"
"local v = redis.call('HMGET', k, 'max', 'used', 'disp')\n"
"local max, used, disp = tonumber(v[1]), tonumber(v[2]), tonumber(v[3])\n"
"if max == nil or used == nil or disp == nil then return {-2} end\n"
"redis.call('PEXPIRE', k, ARGV[2])\n"
"redis.call('PEXPIRE', KEYS[2], ARGV[2])\n"
"if ARGV[1] == '0' and used >= max then\n"
"  redis.call('HINCRBY', k, 'exhausted', 1)\n"
"  return {1, used, max}\n"
"end\n"
"if disp >= max * 4 then\n"
"  redis.call('HINCRBY', k, 'exhausted', 1)\n"
"  return {2, disp, max * 4}\n"
"end\n"
"if ARGV[1] == '0' then\n"
"  redis.call('HINCRBY', k, 'used', 1)\n"
"  redis.call('HINCRBY', k, 'pending', 1)\n"
"end\n"
"redis.call('HINCRBY', k, 'disp', 1)\n"
"return {0}\n", "" };

/* KEYS[1] run. ARGV: answered (0/1), TTL. A gone run stays gone. */
struct w_redis_script w_lua_run_settle =
{ "local k = KEYS[1]\n"
"if redis.call('EXISTS', k) == 0 then return 0 end\n"
"if redis.call('HINCRBY', k, 'pending', -1) < 0 then "
"redis.call('HSET', k, 'pending', 0) end\n"
"if ARGV[1] == '0' then\n"
"  if redis.call('HINCRBY', k, 'used', -1) < 0 then "
"redis.call('HSET', k, 'used', 0) end\n"
"  redis.call('HINCRBY', k, 'refunds', 1)\n"
"end\n"
"redis.call('PEXPIRE', k, ARGV[2])\n"
"return 1\n", "" };

/* KEYS[1] run, KEYS[2] deferrals. ARGV: backend, value, TTL. */
struct w_redis_script w_lua_run_defer =
{ "if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end\n"
"if redis.call('HLEN', KEYS[2]) >= 64 and "
"redis.call('HEXISTS', KEYS[2], ARGV[1]) == 0 then return 0 end\n"
"redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])\n"
"redis.call('PEXPIRE', KEYS[2], ARGV[3])\n"
"return 1\n", "" };

/* KEYS[1] claim. ARGV: owner. Deleted only by its owner. */
struct w_redis_script w_lua_unclaim =
{ "if redis.call('GET', KEYS[1]) == ARGV[1] then "
"return redis.call('DEL', KEYS[1]) end\n"
"return 0\n", "" };

struct w_redis_script *const w_lua_all[] = { &w_lua_admit,
    &w_lua_release, &w_lua_run_create, &w_lua_run_reserve,
    &w_lua_run_settle, &w_lua_run_defer, &w_lua_unclaim, NULL };

/* prefix + part + rest; caller frees. */
