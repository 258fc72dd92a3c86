/**
 * Runs `run` once the browser is idle (at the latest 3 s from now), for code a page can load after
 * it has painted; returns a function that cancels it.
 */
export function whenIdle(run: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const id = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1000);
  return () => clearTimeout(id);
}
