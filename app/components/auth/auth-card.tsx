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
