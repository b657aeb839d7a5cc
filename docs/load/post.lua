-- wrk script: POST a different 9x9 puzzle each request (from the file $PUZZLES, lines of 81+
-- characters, `#` lines skipped) to $ENDPOINT (default /api/v1/solve); prints one line of
-- req/s, p50, p99, max, socket errors and the answers by status.
local puzzles = {}
for line in io.lines(os.getenv("PUZZLES")) do
  if #line >= 81 and line:sub(1, 1) ~= "#" then puzzles[#puzzles + 1] = line:sub(1, 81) end
end
local i = 0
request = function()
  i = i % #puzzles + 1
  local body = '{"puzzle":"' .. puzzles[i] .. '"}'
  return wrk.format("POST", os.getenv("ENDPOINT") or "/api/v1/solve", {["Content-Type"] = "application/json"}, body)
end
-- Every thread counts its answers by status; done() sums them (wrk runs each thread in its own
-- Lua state, so the counts travel through the threads' tables).
local threads = {}
setup = function(thread)
  threads[#threads + 1] = thread
end
codes = {}
response = function(status, headers, body)
  codes[status] = (codes[status] or 0) + 1
end
done = function(summary, latency, requests)
  local all = {}
  for _, t in ipairs(threads) do
    for code, n in pairs(t:get("codes") or {}) do all[code] = (all[code] or 0) + n end
  end
  local parts = {}
  for code, n in pairs(all) do parts[#parts + 1] = code .. ": " .. n end
  table.sort(parts)
  local socket = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format("req/s %.0f p50 %.2f ms p99 %.2f ms max %.2f ms; socket errors %d; answers %s\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000, socket, table.concat(parts, ", ")))
end
