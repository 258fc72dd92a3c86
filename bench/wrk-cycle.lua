-- wrk script for bench/wrk.ts: cycles through the request paths listed (one a line) in the
-- file named by the first script argument, each thread from its own offset, and prints the
-- figures as one JSON line at the end. A second argument makes every request's URL new
-- (a "v=<argument>-<thread>-<n>" parameter), so no answer can come from a cache.
local paths = {}
local next_index = 1
local thread_count = 0
local unique = nil
local sent = 0

function setup(thread)
  thread:set("offset", thread_count * 7919)
  thread_count = thread_count + 1
end

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then paths[#paths + 1] = line end
  end
  next_index = (offset or 0) % #paths + 1
  if args[2] then unique = args[2] .. "-" .. (offset or 0) .. "-" end
  wrk.headers["Accept-Encoding"] = "gzip, deflate, br"
end

function request()
  local path = paths[next_index]
  next_index = next_index % #paths + 1
  if unique then
    sent = sent + 1
    local sep = string.find(path, "?", 1, true) and "&" or "?"
    path = path .. sep .. "v=" .. unique .. sent
  end
  return wrk.format("GET", path)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,"meanUs":%f}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status,
    e.timeout, latency:percentile(50), latency:percentile(99), latency.max, latency.mean))
end
