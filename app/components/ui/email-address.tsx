import { Fragment } from "react";

/**
 * An e-mail address (or a line of them) that wraps before its "@" and after its dots, and
 * breaks inside a part only when that part alone is wider than the line: never ".co / m".
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  return (
    <span data-email className={className}>
      {email.split(/([@.])/).map((part, i) => (
        <Fragment key={i}>
          {part === "@" ? <wbr /> : null}
          {part}
          {part === "." ? <wbr /> : null}
        </Fragment>
      ))}
    </span>
  );
}
