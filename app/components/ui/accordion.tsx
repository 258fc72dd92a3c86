import { ChevronDown } from "lucide-react";
import { Accordion as AccordionPrimitive } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../lib/cn";

export const Accordion = AccordionPrimitive.Root;

export function AccordionItem({
  className,
  ...props
}: ComponentProps<typeof AccordionPrimitive.Item>) {
  return (
    <AccordionPrimitive.Item
      className={cn("rounded-card border border-line bg-surface shadow-card", className)}
      {...props}
    />
  );
}

/** A section heading that opens and closes its content. */
export function AccordionTrigger({ children }: { children: ReactNode }) {
  return (
    <AccordionPrimitive.Header asChild>
      <h2>
        <AccordionPrimitive.Trigger className="group flex w-full items-center justify-between gap-3 rounded-card px-4 py-4 text-left text-lg font-semibold hover:bg-brand-50/60 sm:px-6">
          {children}
          <ChevronDown
            aria-hidden="true"
            className="size-5 shrink-0 text-muted transition-transform group-data-[state=open]:rotate-180"
          />
        </AccordionPrimitive.Trigger>
      </h2>
    </AccordionPrimitive.Header>
  );
}

export function AccordionContent({
  className,
  ...props
}: ComponentProps<typeof AccordionPrimitive.Content>) {
  return (
    <AccordionPrimitive.Content
      className={cn("border-t border-line px-2 sm:px-4", className)}
      {...props}
    />
  );
}
