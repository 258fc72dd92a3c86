import { useEffect, useState } from "react";

/** The longest a phrase takes to type, as a share of the rotation interval. */
const TYPING_SHARE = 0.55;
const MAX_CHARACTER_MS = 60;

type State = { index: number; typed: number; startedAt: number };

/**
 * Rotates through `phrases` every `intervalMs`, typing each new phrase out character by
 * character. Starts (and, when disabled, stays) on the first phrase, fully typed, so the
 * server markup and the reduced-motion view are the same.
 */
export function useTypewriter(
  phrases: readonly string[],
  { intervalMs, enabled }: { intervalMs: number; enabled: boolean },
): string {
  const [state, setState] = useState<State>({
    index: 0,
    typed: Number.POSITIVE_INFINITY,
    startedAt: 0,
  });

  useEffect(() => {
    if (!enabled || phrases.length < 2) return;
    const timer = window.setInterval(() => {
      setState((current) => ({
        index: (current.index + 1) % phrases.length,
        typed: 0,
        startedAt: performance.now(),
      }));
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [enabled, intervalMs, phrases.length]);

  const phrase = phrases[enabled ? state.index : 0] ?? "";
  const typing = enabled && state.typed < phrase.length;

  useEffect(() => {
    if (!typing) return;
    const step = Math.min(MAX_CHARACTER_MS, (intervalMs * TYPING_SHARE) / phrase.length);
    const timer = window.setTimeout(() => {
      // Follow the clock rather than count ticks, so late timers never leave a phrase half-typed.
      setState((current) => ({
        ...current,
        typed: Math.max(
          current.typed + 1,
          Math.floor((performance.now() - current.startedAt) / step),
        ),
      }));
    }, step);
    return () => window.clearTimeout(timer);
  }, [typing, state.typed, phrase.length, intervalMs]);

  return enabled ? phrase.slice(0, state.typed) : phrase;
}
