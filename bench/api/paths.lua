-- wrk script: GET the space-separated PATHS round robin, and a JSON summary line.
local paths = {}
for p in string.gmatch(os.getenv("PATHS") or "/", "%S+") do table.insert(paths, p) end
local i = 0

function request()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"duration_us":%d,"non2xx":%d,"errors":%d,"p50_us":%d,"p99_us":%d}\n',
    summary.requests, summary.duration, e.status,
    e.connect + e.read + e.write + e.timeout, latency:percentile(50), latency:percentile(99)))
end
