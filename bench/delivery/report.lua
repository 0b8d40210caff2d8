-- wrk script: optional random 64 KiB ranges (RANGE_SIZE, FILE_SIZE), and a JSON summary line.
local file_size = tonumber(os.getenv("FILE_SIZE") or "0")
local range_size = tonumber(os.getenv("RANGE_SIZE") or "0")

function init(args)
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16) % 100000)
end

function request()
  if range_size > 0 then
    local start = math.random(0, file_size - range_size)
    return wrk.format("GET", nil, { ["Range"] = "bytes=" .. start .. "-" .. (start + range_size - 1) })
  end
  return wrk.format("GET", nil)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"bytes":%d,"duration_us":%d,"non2xx":%d,"errors":%d,"p50_us":%d,"p99_us":%d}\n',
    summary.requests, summary.bytes, summary.duration, e.status,
    e.connect + e.read + e.write + e.timeout, latency:percentile(50), latency:percentile(99)))
end
