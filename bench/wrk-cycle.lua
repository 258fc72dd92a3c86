-- wrk script for bench/wrk.ts: cycles through the request paths listed (one a line) in the
-- file named by the first script argument, with as many threads as the second says, and
-- prints the figures as one JSON line at the end. The third argument says how the requests
-- differ:
-- "repeat": each thread cycles from its own offset, asking the same URLs again and again;
-- "unique": every request is new to the cache, whose key holds only the parameters a route
--   reads: a search gets one more word ("v<seed>x<thread>x<n>" with the fourth argument as
--   seed: found nowhere, so the ranking is the same work), any other path an `exclude`
--   parameter (a reschedule's, never kept; a value that is no booking id changes nothing else);
-- "listed": the listed URLs are new themselves: the threads share them out (thread i of n
--   takes every n-th from the i-th), and a thread that has gone through its share goes round
--   again adding the word as "unique" does.
-- (wrk calls request() once before the run to check what it returns: thread 0's first
-- request is never sent.)
local paths = {}
local first_index = 1
local next_index = 1
local step = 1
local word = nil
local listed = false
local wrapped = false
local thread_count = 0
local sent = 0

function setup(thread)
  thread:set("index", thread_count)
  thread_count = thread_count + 1
end

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then paths[#paths + 1] = line end
  end
  local threads, mode = tonumber(args[2]), args[3]
  index = index or 0
  if mode == "listed" then
    listed = true
    first_index, step = index % #paths + 1, threads
    next_index = first_index
    wrapped = index >= #paths
  else
    next_index = (index * 7919) % #paths + 1
  end
  if mode ~= "repeat" then word = "v" .. args[4] .. "x" .. index .. "x" end
  wrk.headers["Accept-Encoding"] = "gzip, deflate, br"
end

function request()
  local path, again = paths[next_index], wrapped
  next_index = next_index + step
  if next_index > #paths then next_index, wrapped = first_index, true end
  if word and (again or not listed) then
    sent = sent + 1
    local unique = word .. sent
    if string.find(path, "search=", 1, true) then
      path = string.gsub(path, "search=", "search=" .. unique .. "+", 1)
    else
      local sep = string.find(path, "?", 1, true) and "&" or "?"
      path = path .. sep .. "exclude=" .. unique
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
