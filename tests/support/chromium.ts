/**
 * Debian's Chromium as the browser tests and the benchmark's Lighthouse start it: no sandbox
 * (root in a container), and none of the background traffic this machine's closed network
 * would refuse (or fail to look up) at every start.
 */
export const CHROMIUM_PATH = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
