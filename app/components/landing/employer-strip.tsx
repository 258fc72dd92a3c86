import { Pause, Play } from "lucide-react";
import { useState } from "react";
import { EMPLOYERS } from "../../../core/landing-content";
import { cn } from "../../lib/cn";

function EmployerList({ hidden = false }: { hidden?: boolean }) {
  return (
    <ul
      aria-hidden={hidden || undefined}
      className={cn(
        "flex shrink-0 items-center gap-4 pr-4",
        // Reduced motion: no scrolling; the names wrap and the loop copy goes away.
        "motion-reduce:w-full motion-reduce:shrink motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:pr-0",
        hidden && "motion-reduce:hidden",
      )}
    >
      {EMPLOYERS.map((name) => (
        <li
          key={name}
          className="flex h-14 items-center rounded-xl border border-line bg-surface px-6 text-lg font-bold tracking-tight whitespace-nowrap text-slate-600 shadow-xs"
        >
          {name}
        </li>
      ))}
    </ul>
  );
}

/** 'Our Advisors Have Worked At': a CSS marquee of employer names, paused on hover. */
export function EmployerStrip() {
  const [paused, setPaused] = useState(false);
  return (
    <section aria-labelledby="employers-heading" className="bg-canvas py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-8 px-4 sm:px-6">
        <h2 id="employers-heading" className="text-center text-2xl font-bold sm:text-3xl">
          Our Advisors Have Worked At
        </h2>
        <div className="group overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_8%,black_92%,transparent)] motion-reduce:[mask-image:none]">
          <div
            data-testid="employer-track"
            className="flex w-max py-1 group-hover:[animation-play-state:paused] motion-safe:animate-[landing-marquee_45s_linear_infinite] motion-reduce:w-full"
            // Inline, so it wins over the animation shorthand.
            style={paused ? { animationPlayState: "paused" } : undefined}
          >
            <EmployerList />
            <EmployerList hidden />
          </div>
        </div>
        <button
          type="button"
          onClick={() => setPaused((value) => !value)}
          aria-pressed={paused}
          className="-mt-4 inline-flex items-center gap-1.5 justify-self-center rounded-full px-3 py-1.5 text-sm font-medium text-muted hover:bg-brand-50 hover:text-brand-800 motion-reduce:hidden"
        >
          {paused ? (
            <Play className="size-3.5" aria-hidden="true" />
          ) : (
            <Pause className="size-3.5" aria-hidden="true" />
          )}
          Pause scrolling
        </button>
      </div>
    </section>
  );
}
