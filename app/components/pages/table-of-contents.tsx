import { useEffect, useState } from "react";
import { cn } from "../../lib/cn";

type Entry = { id: string; title: string };

/**
 * "On this page": plain anchor links (they work before hydration), and once the page is
 * interactive the section being read is highlighted and marked aria-current.
 */
export function TableOfContents({ sections }: { sections: readonly Entry[] }) {
  const active = useActiveSection(sections);
  return (
    <nav
      aria-labelledby="toc-label"
      className="self-start rounded-card border border-line bg-canvas p-5 lg:sticky lg:top-24 lg:max-h-[calc(100dvh-8rem)] lg:overflow-y-auto"
    >
      <p id="toc-label" className="text-sm font-semibold text-ink">
        On this page
      </p>
      <ol className="mt-3 grid gap-0.5 text-sm sm:block sm:columns-2 sm:gap-x-8 lg:grid lg:columns-auto">
        {sections.map((section, index) => {
          const current = section.id === active;
          return (
            <li key={section.id} className="break-inside-avoid">
              <a
                href={`#${section.id}`}
                aria-current={current ? "location" : undefined}
                className={cn(
                  "flex gap-2 rounded-md px-2 py-1.5 leading-snug transition-colors hover:bg-brand-50 hover:text-brand-800",
                  current ? "bg-brand-50 font-medium text-brand-800" : "text-muted",
                )}
              >
                <span className="w-5 shrink-0 text-right tabular-nums" aria-hidden="true">
                  {index + 1}.
                </span>
                <span>{section.title}</span>
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The last section whose heading has scrolled past the upper part of the viewport. */
function useActiveSection(sections: readonly Entry[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(undefined);
  useEffect(() => {
    const elements = sections
      .map((s) => document.getElementById(s.id))
      .filter((el): el is HTMLElement => el !== null);
    if (elements.length === 0) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const line = window.innerHeight * 0.3;
        let current: string | undefined;
        for (const el of elements) {
          if (el.getBoundingClientRect().top - line <= 0) current = el.id;
        }
        // At the very bottom, the last section is the one being read.
        if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) {
          current = elements[elements.length - 1]?.id;
        }
        setActive(current);
      });
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [sections]);
  return active;
}
