import { ChevronLeft, ChevronRight, Pause, Play, Quote } from "lucide-react";
import { type FocusEvent, useEffect, useState } from "react";
import { TESTIMONIAL_ROTATION_MS, TESTIMONIALS } from "../../../core/landing-content";
import { cn } from "../../lib/cn";
import { usePrefersReducedMotion } from "./use-prefers-reduced-motion";

const controlClass =
  "inline-flex size-10 items-center justify-center rounded-full border border-line bg-surface text-ink transition-colors hover:border-brand-300 hover:bg-brand-50";

/**
 * Four testimonials rotating every 4 seconds, with previous / next, dots
 * and a pause button. Rotation stops while the pointer is over it or focus is inside it,
 * and never starts for visitors who prefer reduced motion.
 */
export function TestimonialsCarousel() {
  const count = TESTIMONIALS.length;
  const reducedMotion = usePrefersReducedMotion();
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const rotating = !reducedMotion && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(
      () => setActive((index) => (index + 1) % count),
      TESTIMONIAL_ROTATION_MS,
    );
    return () => window.clearTimeout(timer);
  }, [rotating, active, count]);

  const show = (index: number) => setActive((index + count) % count);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <section aria-labelledby="testimonials-heading" className="bg-surface py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 sm:px-6">
        <div className="mx-auto grid max-w-2xl gap-3 text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            Testimonials
          </p>
          <h2 id="testimonials-heading" className="text-3xl font-bold sm:text-4xl">
            What seekers say after their sessions
          </h2>
        </div>
        <div
          role="region"
          aria-roledescription="carousel"
          aria-label="Testimonials"
          className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6"
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={onBlur}
        >
          <div className="grid grid-cols-1" aria-live={rotating ? "off" : "polite"}>
            {TESTIMONIALS.map((item, index) => (
              // A slide is a group (a figure may not take that role); the quote inside is the figure.
              <div
                key={item.author}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${count}`}
                className={cn(
                  "col-start-1 row-start-1 rounded-card border border-line bg-canvas p-5 shadow-card transition-opacity duration-500 sm:p-10",
                  index === active ? "visible opacity-100" : "invisible opacity-0",
                )}
              >
                <figure className="grid h-full content-start gap-6">
                  <Quote className="size-8 text-accent-500" aria-hidden="true" />
                  <blockquote className="text-base leading-relaxed text-ink sm:text-xl">
                    <p>{item.text}</p>
                  </blockquote>
                  <figcaption className="mt-auto grid gap-0.5">
                    <span className="font-semibold">{item.author}</span>
                    <span className="text-sm text-muted">
                      {item.role}, {item.company}
                    </span>
                  </figcaption>
                </figure>
              </div>
            ))}
          </div>
          <div className="flex items-center justify-center gap-3">
            {/* Hidden by CSS rather than by state, so the server markup already matches. */}
            <button
              type="button"
              className={cn(controlClass, "motion-reduce:hidden")}
              onClick={() => setStopped((value) => !value)}
              aria-label={stopped ? "Start automatic rotation" : "Stop automatic rotation"}
            >
              {stopped ? (
                <Play className="size-4" aria-hidden="true" />
              ) : (
                <Pause className="size-4" aria-hidden="true" />
              )}
            </button>
            <button
              type="button"
              className={controlClass}
              onClick={() => show(active - 1)}
              aria-label="Previous testimonial"
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </button>
            <div className="flex items-center">
              {TESTIMONIALS.map((item, index) => (
                <button
                  key={item.author}
                  type="button"
                  onClick={() => show(index)}
                  aria-label={`Show testimonial ${index + 1}`}
                  aria-current={index === active ? "true" : undefined}
                  className="group grid size-8 place-items-center rounded-full"
                >
                  <span
                    className={cn(
                      "h-2.5 rounded-full transition-all",
                      index === active
                        ? "w-6 bg-brand-700"
                        : "w-2.5 bg-slate-500 group-hover:bg-slate-700",
                    )}
                  />
                </button>
              ))}
            </div>
            <button
              type="button"
              className={controlClass}
              onClick={() => show(active + 1)}
              aria-label="Next testimonial"
            >
              <ChevronRight className="size-5" aria-hidden="true" />
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
