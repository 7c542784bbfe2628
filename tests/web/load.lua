-- wrk script for the load test: a mix of reads of games, lists, variants and the page, and game
-- creations (writes to the store). Every request is expected to succeed (2xx).
local games = tonumber(os.getenv("HEXCHESS_LOAD_GAMES") or "20")
local counter = 0

request = function()
  counter = counter + 1
  local r = counter % 20
  if r == 0 then
    return wrk.format("POST", "/api/games", { ["Content-Type"] = "application/json" },
      '{"variant":"glinski","white":"human","black":"human"}')
  elseif r == 1 then
    return wrk.format("GET", "/api/games?limit=20")
  elseif r == 2 then
    return wrk.format("GET", "/api/variants")
  elseif r == 3 then
    return wrk.format("GET", "/")
  else
    return wrk.format("GET", "/api/games/" .. (counter % games + 1))
  end
end

done = function(summary, latency, requests)
  local errors = summary.errors
  local failed = errors.connect + errors.read + errors.write + errors.timeout + errors.status
  io.write(string.format("load: %d requests in %.1f s, %.0f requests/s, p50 %.2f ms, p99 %.2f ms, max %.2f ms, %d errors (%d non-2xx)\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000, failed, errors.status))
end
