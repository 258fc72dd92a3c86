import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { TableOfContents } from "./table-of-contents";

/** One numbered part of a long page: an h2 with an anchor, listed in the table of contents. */
export type ProseSection = { id: string; title: string; content: ReactNode };

type ProsePageProps = {
  /** Small label above the title, e.g. "Legal". */
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  /** Shown as "Last updated: …" under the title. */
  lastUpdated?: { label: string; dateTime: string };
  /** Long pages: numbered sections with an in-page table of contents. */
  sections?: readonly ProseSection[];
  /** Content before the numbered sections (e.g. a summary box). */
  children?: ReactNode;
  /** "wide" for pages that put a form beside the text (contact). */
  width?: "prose" | "wide";
};

const CONTAINERS = {
  prose: "max-w-3xl",
  wide: "max-w-5xl",
  toc: "max-w-6xl",
} as const;

/**
 * The layout every static and legal page shares: a hero band with the title, then a readable
 * column (about 70 characters a line). Long pages get a table of contents: above the text on
 * small screens, in a sticky sidebar on wide ones.
 */
export function ProsePage({
  eyebrow,
  title,
  intro,
  lastUpdated,
  sections,
  children,
  width = "prose",
}: ProsePageProps) {
  const hasToc = Boolean(sections && sections.length > 1);
  const container = cn("mx-auto w-full px-4 sm:px-6", CONTAINERS[hasToc ? "toc" : width]);
  return (
    <>
      <div className="border-b border-line bg-gradient-to-b from-brand-50 to-brand-50/40">
        <div className={cn(container, "grid gap-3 py-12 sm:py-16")}>
          {eyebrow ? (
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              {eyebrow}
            </p>
          ) : null}
          <h1 className="text-3xl font-bold sm:text-4xl lg:text-5xl">{title}</h1>
          {intro ? (
            <div className="max-w-2xl text-lg leading-relaxed text-muted">{intro}</div>
          ) : null}
          {lastUpdated ? (
            <p className="text-sm text-muted">
              Last updated: <time dateTime={lastUpdated.dateTime}>{lastUpdated.label}</time>
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex-1 bg-surface">
        <div className={cn(container, "py-10 sm:py-14")}>
          {hasToc && sections ? (
            <div className="grid gap-10 lg:grid-cols-[15rem_minmax(0,48rem)] lg:gap-12">
              <TableOfContents sections={sections} />
              <div className="min-w-0">
                {children ? <div className="mb-10 grid gap-6">{children}</div> : null}
                <Sections sections={sections} numbered />
              </div>
            </div>
          ) : (
            <>
              {children}
              {sections ? <Sections sections={sections} /> : null}
            </>
          )}
        </div>
      </div>
    </>
  );
}

function Sections({
  sections,
  numbered = false,
}: {
  sections: readonly ProseSection[];
  numbered?: boolean;
}) {
  return (
    <div className="grid gap-12">
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} className="scroll-mt-24">
          <h2 className="text-2xl font-bold text-ink">
            {numbered ? <span className="text-brand-600">{index + 1}.</span> : null} {section.title}
          </h2>
          <ProseBody className="mt-4">{section.content}</ProseBody>
        </section>
      ))}
    </div>
  );
}

/** Body text: comfortable size and leading, even spacing between paragraphs and lists. */
export function ProseBody({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("space-y-4 text-base leading-7 text-pretty text-slate-700", className)}
      {...props}
    />
  );
}

export function ProseHeading({ className, ...props }: ComponentProps<"h3">) {
  return <h3 className={cn("pt-2 text-lg font-semibold text-ink", className)} {...props} />;
}

export function ProseList({
  ordered = false,
  className,
  children,
}: {
  ordered?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const classes = cn(
    "grid gap-2 pl-6 marker:text-brand-600",
    ordered ? "list-decimal marker:font-semibold" : "list-disc",
    className,
  );
  return ordered ? (
    <ol className={classes}>{children}</ol>
  ) : (
    <ul className={classes}>{children}</ul>
  );
}

const linkClass =
  "font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-800 hover:decoration-brand-700";

/** An underlined link in running text: internal paths go through the router. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  if (/^(https?:|mailto:|tel:)/.test(to)) {
    return (
      <a href={to} className={linkClass}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={linkClass}>
      {children}
    </Link>
  );
}

/** A highlighted box for the few facts people come to a policy page for. */
export function Callout({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("rounded-card border border-brand-200 bg-brand-50 p-5 sm:p-6", className)}>
      <p className="font-semibold text-brand-900">{title}</p>
      <div className="mt-3 space-y-3 text-sm leading-6 text-slate-700">{children}</div>
    </div>
  );
}

/** A two-column table of facts in a prose page; `emphasis` picks the column set in bold. */
export function ProseTable({
  caption,
  headings,
  rows,
  emphasis,
}: {
  caption: string;
  headings: readonly [string, string];
  rows: ReadonlyArray<readonly [string, string]>;
  emphasis: 0 | 1;
}) {
  const cell = (column: 0 | 1) =>
    column === emphasis ? "px-4 py-3 font-medium text-ink" : "px-4 py-3";
  return (
    <div className="overflow-x-auto rounded-lg border border-line">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-canvas text-ink">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map(([first, second]) => (
            <tr key={first}>
              <td className={cell(0)}>{first}</td>
              <td className={cell(1)}>{second}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
