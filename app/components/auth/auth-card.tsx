import type { ReactNode } from "react";
import { Card } from "../ui/card";

/** The centred card every account page uses. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-1 items-start justify-center bg-gradient-to-b from-brand-50 to-canvas px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <div className="mb-6 grid gap-1 text-center">
          <h1 className="text-2xl font-bold">{title}</h1>
          {subtitle ? <p className="text-sm text-muted">{subtitle}</p> : null}
        </div>
        {children}
      </Card>
    </div>
  );
}

/** A message box under a form: the product's title and text, announced to screen readers. */
export function FormMessage({
  tone,
  title,
  message,
  children,
}: {
  tone: "error" | "success";
  title: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "grid gap-1 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
          : "grid gap-1 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900"
      }
    >
      <p className="font-semibold">{title}</p>
      <p>{message}</p>
      {children}
    </div>
  );
}
