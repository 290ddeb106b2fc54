-- wrk script for bench/api_bench.py (run by it; not meant to be run by hand).
--
-- wrk is started with as many threads as connections, so each wrk thread is one client with one
-- keep-alive connection: requests and responses strictly alternate, and this thread's Lua state
-- can follow its own tables' state from the answers.
--
-- Arguments (after `--`):  mode  workdir  cap
--   mode     "cmd": state-changing commands on this client's own tables; "ping": GET /api/ping
--   workdir  clients.txt is read from here (one line per client: "CODE[:TOKEN],...;hero,hero,...",
--            TOKEN being the host seat's token when the app hands one out at table creation: it is
--            then sent as "Authorization: Bearer TOKEN" with every command on that table);
--            results.txt is written here by done(); each client touches stopped.<n> when it is
--            finished, so the driver can end the run early
--   cap      requests this client sends at most
--
-- Latency is measured per request with CLOCK_MONOTONIC (LuaJIT ffi): from the moment wrk asks
-- for the request (just before it writes it) to the moment the whole response has been read.

local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
  int clock_gettime(int clock_id, bench_timespec *tp);
]]
local CLOCK_MONOTONIC = 1
local ts = ffi.new("bench_timespec")

local function now_us()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, ts)
  return tonumber(ts.tv_sec) * 1000000 + math.floor(tonumber(ts.tv_nsec) / 1000)
end

------------------------------------------------------------------ main state: assign clients

local threads = {}
local client_lines = nil

local function read_clients(workdir)
  local lines = {}
  local f = io.open(workdir .. "/clients.txt", "r")
  if f then
    for line in f:lines() do
      if #line > 0 then lines[#lines + 1] = line end
    end
    f:close()
  end
  return lines
end

function setup(thread)
  -- setup() runs in the main Lua state before the thread's init(); the workdir comes from the
  -- environment because setup() does not see the script arguments.
  if client_lines == nil then
    client_lines = read_clients(os.getenv("API_BENCH_WORKDIR") or ".")
  end
  local n = #threads + 1
  threads[n] = thread
  thread:set("client_id", n)
  thread:set("client_line", client_lines[n] or "")
  -- one start for all clients, taken as wrk sets them up (just before they start): answers
  -- before counted_from are not counted in `steady` (new connections, tables a worker has not
  -- read yet); the driver divides `steady` by the time from counted_from to the last answer
  if counted_from_all == nil then
    counted_from_all = now_us() + tonumber(os.getenv("API_BENCH_WARMUP_US") or "0")
  end
  thread:set("counted_from", counted_from_all)
end

------------------------------------------------------------------ thread state: one client

-- The counters are globals: done() reads them from each thread's state with thread:get().
local mode, workdir, cap
sent, received = 0, 0
ok, refused, errs = 0, 0, 0
rt_sum, rt_n, rt_max, rt_missing = 0, 0, 0, 0
lat_ok = {}              -- accepted requests' latencies, microseconds
lat_kind = {}            -- the command kind of each of them
steady = 0               -- of them, those answered after counted_from (see setup())
t_last = 0               -- when this client's last response was received
capped = 0               -- 1 when this client stopped at its share of the cap, not at wrk's -d
statuses = {}            -- status code -> count
exhausted = 0            -- tables whose turn limit was reached
kinds = {}               -- command kind -> accepted count
local t_sent = 0
local stopped = false

-- client state (mode "cmd")
local codes, tokens, heroes = {}, {}, {}
local table_i = 1
local base = ""
local headers_json, headers_plain = {}, {}
local step, turn, turn_limit = "setup", 0, 12
local plan = {}          -- queue of pending commands: {kind=..., ...}
local placed = {}        -- token ids placed and not yet removed, in order
local last = nil         -- the command in flight


-- Point the client at its table number i: the path prefix and the headers (with the seat token).
function use_table(i)
  table_i = i
  base = "/api/tables/" .. (codes[i] or "")
  headers_json = { ["Content-Type"] = "application/json" }
  headers_plain = {}
  if tokens[i] and #tokens[i] > 0 then
    headers_json["Authorization"] = "Bearer " .. tokens[i]
    headers_plain["Authorization"] = "Bearer " .. tokens[i]
  end
end

local function split(s, sep)
  local out = {}
  for part in string.gmatch(s, "([^" .. sep .. "]+)") do out[#out + 1] = part end
  return out
end

function init(args)
  mode = args[1] or "cmd"
  workdir = args[2] or "."
  cap = tonumber(args[3] or "1000000")
  local line = client_line or ""
  local tables_part, heroes_part = string.match(line, "^([^;]*);(.*)$")
  for i, entry in ipairs(split(tables_part or "", ",")) do
    local code, token = string.match(entry, "^([^:]+):?(.*)$")
    codes[i], tokens[i] = code, token
  end
  heroes = split(heroes_part or "", ",")
  if mode == "cmd" and #codes == 0 then
    error("api_bench.lua: no tables for client " .. tostring(client_id))
  end
  use_table(1)
end

-- The next cycle of commands, chosen from the last known step of the turn. Every cycle places two
-- dissipation tokens (one per side) and removes them; the turn moves on by one step, with the
-- stances declared in the stance step and cubes spent (reroll and defense spaces, each within its
-- exertion limit and the reserve the stances recover) in the heroes' actions step. The last step
-- of the mission's last turn is never advanced past (that would end the game): the client moves
-- to its next fresh table instead, or, with none left, keeps to tokens.
local function refill()
  plan[#plan + 1] = { kind = "place", side = "heroes", token = "gas" }
  plan[#plan + 1] = { kind = "place", side = "villain", token = "smoke" }
  if step == "heroes.stances" then
    for _, h in ipairs(heroes) do plan[#plan + 1] = { kind = "stance", hero = h } end
  elseif step == "heroes.actions" then
    for _, h in ipairs(heroes) do plan[#plan + 1] = { kind = "spend", hero = h, space = "reroll" } end
  end
  plan[#plan + 1] = { kind = "remove" }
  if step == "heroes.actions" then
    for _, h in ipairs(heroes) do plan[#plan + 1] = { kind = "spend", hero = h, space = "defense" } end
  end
  plan[#plan + 1] = { kind = "remove" }
  if turn >= turn_limit and step == "end_check_2" then
    if table_i < #codes then
      exhausted = exhausted + 1
      use_table(table_i + 1)
      step, turn = "setup", 0
      placed = {}
    end
    -- else: no advance; tokens only from now on
  else
    plan[#plan + 1] = { kind = "advance" }
  end
end

local function build(cmd)
  local k = cmd.kind
  if k == "place" then
    return wrk.format("POST", base .. "/tokens", headers_json,
      '{"kind":"' .. cmd.token .. '","side":"' .. cmd.side .. '","area":"bench"}')
  elseif k == "remove" then
    local id = table.remove(placed, 1)
    if id == nil then return nil end
    cmd.id = id
    return wrk.format("DELETE", base .. "/tokens/" .. id, headers_plain)
  elseif k == "stance" then
    return wrk.format("POST", base .. "/heroes/" .. cmd.hero .. "/stance", headers_json, '{"stance":"active"}')
  elseif k == "spend" then
    return wrk.format("POST", base .. "/heroes/" .. cmd.hero .. "/spend", headers_json,
      '{"space":"' .. cmd.space .. '","cubes":1}')
  elseif k == "advance" then
    return wrk.format("POST", base .. "/turn/advance", headers_plain)
  end
end

local PING = nil

function request()
  if mode == "ping" then
    PING = PING or wrk.format("GET", "/api/ping")
    last = { kind = "ping" }
    sent = sent + 1
    t_sent = now_us()
    return PING
  end
  local req = nil
  for _ = 1, 100 do
    if #plan == 0 then refill() end
    last = table.remove(plan, 1)
    req = build(last)
    if req ~= nil then break end
  end
  sent = sent + 1
  t_sent = now_us()
  return req
end

local function touch_stopped()
  local f = io.open(workdir .. "/stopped." .. tostring(client_id), "w")
  if f then f:write("1") f:close() end
end

function response(status, headers, body)
  local t = now_us()
  local us = t - t_sent
  t_last = t
  received = received + 1
  statuses[status] = (statuses[status] or 0) + 1
  if status >= 200 and status < 300 then
    ok = ok + 1
    lat_ok[#lat_ok + 1] = us
    lat_kind[#lat_kind + 1] = last and last.kind or "?"
    if t > counted_from then steady = steady + 1 end
    local rt = headers["X-Redis-Round-Trips"] or headers["x-redis-round-trips"]
    if rt then
      local n = tonumber(rt) or 0
      rt_sum = rt_sum + n
      rt_n = rt_n + 1
      if n > rt_max then rt_max = n end
    else
      rt_missing = rt_missing + 1
    end
    if mode == "cmd" and last then
      kinds[last.kind] = (kinds[last.kind] or 0) + 1
      if last.kind == "place" then
        local id = string.match(body, '"data":{"token":(%d+)}')
        if id then placed[#placed + 1] = id end
      end
      local tb = string.find(body, '"table":', 1, true)
      if tb then
        local tt = string.find(body, '"turn":{', tb, true)
        if tt then
          local chunk = string.sub(body, tt, tt + 300)
          step = string.match(chunk, '"step":"([^"]+)"') or step
          turn = tonumber(string.match(chunk, '"turn":{"turn":(%d+)')) or turn
          turn_limit = tonumber(string.match(chunk, '"turn_limit":(%d+)')) or turn_limit
        end
      end
    end
  elseif status == 409 then
    refused = refused + 1
    -- the rules refused: drop what was planned from a state we misread, plan again
    plan = {}
  else
    errs = errs + 1
    plan = {}
  end
  if received >= cap and not stopped then
    stopped = true
    capped = 1
    touch_stopped()
    wrk.thread:stop()
  end
end

------------------------------------------------------------------ main state: results

function done(summary, latency, requests)
  local out = io.open((os.getenv("API_BENCH_WORKDIR") or ".") .. "/results.txt", "w")
  out:write(string.format("W requests=%d duration_us=%d connect=%d read=%d write=%d status=%d timeout=%d\n",
    summary.requests, summary.duration, summary.errors.connect, summary.errors.read,
    summary.errors.write, summary.errors.status, summary.errors.timeout))
  for i, thread in ipairs(threads) do
    local kinds_t = thread:get("kinds") or {}
    local kinds_s = {}
    for k, v in pairs(kinds_t) do kinds_s[#kinds_s + 1] = k .. ":" .. v end
    local st = thread:get("statuses") or {}
    local st_s = {}
    for k, v in pairs(st) do st_s[#st_s + 1] = tostring(k) .. ":" .. v end
    out:write(string.format("T %d sent=%d received=%d ok=%d refused=%d errors=%d rt_sum=%d rt_n=%d rt_max=%d " ..
      "rt_missing=%d t_last=%d counted_from=%d steady=%d capped=%d exhausted=%d kinds=%s statuses=%s\n",
      i, thread:get("sent") or 0, thread:get("received") or 0, thread:get("ok") or 0,
      thread:get("refused") or 0, thread:get("errs") or 0, thread:get("rt_sum") or 0,
      thread:get("rt_n") or 0, thread:get("rt_max") or 0, thread:get("rt_missing") or 0,
      thread:get("t_last") or 0, thread:get("counted_from") or 0,
      thread:get("steady") or 0, thread:get("capped") or 0,
      thread:get("exhausted") or 0, table.concat(kinds_s, ","), table.concat(st_s, ",")))
    local lat = thread:get("lat_ok") or {}
    local parts = {}
    for j = 1, #lat do parts[j] = tostring(lat[j]) end
    out:write("L " .. tostring(i) .. " " .. table.concat(parts, " ") .. "\n")
    out:write("K " .. tostring(i) .. " " .. table.concat(thread:get("lat_kind") or {}, " ") .. "\n")
  end
  out:close()
end
