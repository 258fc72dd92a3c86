import { useEffect, useRef, useState } from "react";
import { usePrefersReducedMotion } from "./use-prefers-reduced-motion";

const DURATION_MS = 1600;

/**
 * Shows `display`; when it first scrolls into view and motion is allowed, counts from
 * `from` to `to` and lands back on `display`. The server markup is always `display`, and
 * screen readers only ever get `display`.
 */
export function CountUp({
  display,
  countUp,
}: {
  display: string;
  countUp?: { from: number; to: number; suffix: string };
}) {
  const reducedMotion = usePrefersReducedMotion();
  const ref = useRef<HTMLSpanElement>(null);
  const [current, setCurrent] = useState<number | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!countUp || reducedMotion || !element || !("IntersectionObserver" in window)) return;
    const { from, to } = countUp;
    let frame = 0;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        observer.disconnect();
        const start = performance.now();
        const tick = (now: number) => {
          const progress = Math.min(1, (now - start) / DURATION_MS);
          const eased = 1 - (1 - progress) ** 3;
          setCurrent(progress < 1 ? Math.round(from + (to - from) * eased) : null);
          if (progress < 1) frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      },
      { threshold: 0.6 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [countUp, reducedMotion]);

  const shown =
    current === null || !countUp || reducedMotion ? display : `${current}${countUp.suffix}`;
  return (
    <span ref={ref} className="inline-grid tabular-nums">
      <span className="sr-only">{display}</span>
      {/* The final value reserves the width, so counting never shifts the layout. */}
      <span aria-hidden="true" className="invisible col-start-1 row-start-1">
        {display}
      </span>
      <span aria-hidden="true" className="col-start-1 row-start-1" data-testid="figure-value">
        {shown}
      </span>
    </span>
  );
}
