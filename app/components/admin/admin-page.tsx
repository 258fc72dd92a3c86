import type { ReactNode } from "react";
import { BackLink } from "../ui/back-link";

/** The frame of every admin screen: back link, title, a line of context, and actions. */
export function AdminPage({
  title,
  description,
  back = { to: "/dashboard", label: "Back to Dashboard" },
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <BackLink to={back.to}>{back.label}</BackLink>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
          {description ? <p className="mt-1 max-w-2xl text-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      <div className="mt-6 grid gap-6">{children}</div>
    </div>
  );
}

/** Shown in place of a list that could not be loaded. */
export function LoadError({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="rounded-card border border-red-200 bg-red-50 p-6 text-sm font-medium text-red-900"
    >
      {message}
    </div>
  );
}
