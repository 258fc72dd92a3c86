import { cn } from "../../lib/cn";
import { useTypewriter } from "./use-typewriter";

/**
 * The rotating hero topic. Hidden from screen readers (the heading carries a static
 * equivalent); an invisible copy of the longest phrase shares its grid cell, so the line
 * keeps its height while phrases are typed and nothing below it moves.
 */
export function TypewriterTopic({
  phrases,
  intervalMs,
  animate,
  testId,
  className,
}: {
  phrases: readonly string[];
  intervalMs: number;
  animate: boolean;
  testId: string;
  className?: string;
}) {
  const text = useTypewriter(phrases, { intervalMs, enabled: animate });
  const longest = phrases.reduce((a, b) => (b.length > a.length ? b : a), "");
  return (
    <span aria-hidden="true" className={cn("grid text-brand-700", className)}>
      <span className="invisible col-start-1 row-start-1">{longest}</span>
      <span className="col-start-1 row-start-1" data-testid={testId}>
        {text}
        {animate ? (
          <span className="ml-1 inline-block h-[0.9em] w-[3px] translate-y-[0.1em] animate-pulse rounded-full bg-accent-500 align-baseline" />
        ) : null}
      </span>
    </span>
  );
}
