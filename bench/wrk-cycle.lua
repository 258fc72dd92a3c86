-- wrk script for bench/wrk.ts: cycles through the request paths listed (one a line) in the
-- file named by the first script argument, each thread from its own offset, and prints the
-- figures as one JSON line at the end. A second argument makes every request new to the
-- cache, whose key holds only the parameters a route reads: a search gets one more word
-- ("v<argument>x<thread>x<n>", found nowhere, so the ranking is the same work), any other path
-- an `exclude` parameter (a reschedule's, never kept; a value that is no booking id changes
-- nothing else).
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
  if args[2] then unique = "v" .. args[2] .. "x" .. (offset or 0) .. "x" end
  wrk.headers["Accept-Encoding"] = "gzip, deflate, br"
end

function request()
  local path = paths[next_index]
  next_index = next_index % #paths + 1
  if unique then
    sent = sent + 1
    local word = unique .. sent
    if string.find(path, "search=", 1, true) then
      path = string.gsub(path, "search=", "search=" .. word .. "+", 1)
    else
      local sep = string.find(path, "?", 1, true) and "&" or "?"
      path = path .. sep .. "exclude=" .. word
    end
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
