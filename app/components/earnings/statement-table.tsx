import type { ReactNode } from "react";
import type { StatementLine, StatementView } from "../../../core/earnings";
import { EARNINGS_MESSAGES as M } from "../../../core/messages/earnings";
import { cn } from "../../lib/cn";
import { Table, Td, Th, THead, Tr } from "../ui/table";

const C = M.columns;
type Amount = "fee" | "commission" | "refund" | "net";
const COLUMNS: { key: keyof StatementLine; label: string; amount?: boolean }[] = [
  { key: "date", label: C.date },
  { key: "seeker", label: C.seeker },
  { key: "sessionType", label: C.sessionType },
  { key: "fee", label: C.fee, amount: true },
  { key: "commission", label: C.commission, amount: true },
  { key: "refund", label: C.refund, amount: true },
  { key: "net", label: C.net, amount: true },
  { key: "status", label: C.status },
];

/**
 * A month's statement. On the page it is the responsive table (a card per session on phones,
 * each figure labelled); `printable` keeps a plain table, as paper wants, which scrolls
 * sideways on its own on a narrow screen rather than widening the page. `totalLabel` names
 * the totals row when the rows are one page of the month and the totals the whole month's.
 */
export function StatementTable({
  view,
  printable = false,
  totalLabel = M.total,
}: {
  view: StatementView;
  printable?: boolean;
  totalLabel?: string;
}) {
  if (view.lines.length === 0) {
    return <p className="text-sm text-muted">{M.noSessions(view.monthName)}</p>;
  }
  const table = (
    <Table className={printable ? "min-w-[44rem] [overflow-wrap:normal] print:min-w-0" : undefined}>
      <caption className="sr-only">
        {M.statementTitle}, {view.monthName}
      </caption>
      {printable ? (
        <thead>
          <tr>{COLUMNS.map(headerCell)}</tr>
        </thead>
      ) : (
        <THead>
          <tr>{COLUMNS.map(headerCell)}</tr>
        </THead>
      )}
      <tbody>
        {view.lines.map((line) => (
          <Row key={line.id} printable={printable} testId="statement-row">
            {COLUMNS.map((column) => (
              <Cell
                key={column.key}
                label={column.label}
                amount={column.amount}
                printable={printable}
                className={cn(
                  column.key === "status" && line.failed && "font-medium text-danger",
                  !printable &&
                    (column.key === "date" || column.key === "status") &&
                    "max-md:w-full",
                  !printable && column.key === "date" && "max-md:font-semibold",
                )}
              >
                {String(line[column.key])}
              </Cell>
            ))}
          </Row>
        ))}
      </tbody>
      <tfoot>
        <Row printable={printable} className="font-semibold">
          <th
            scope="row"
            colSpan={3}
            className={cn("px-3 py-3 text-left", !printable && "max-md:w-full max-md:p-0")}
          >
            {totalLabel}
          </th>
          {(["fee", "commission", "refund", "net"] as const satisfies Amount[]).map((key) => (
            <Cell key={key} label={C[key]} amount printable={printable}>
              {view.totals[key]}
            </Cell>
          ))}
          <td className={cn(!printable && "max-md:hidden")} />
        </Row>
      </tfoot>
    </Table>
  );
  const note = view.zoneNote ? <p className="text-sm text-muted">{view.zoneNote}</p> : null;
  if (!printable) {
    return (
      <>
        {table}
        {note}
      </>
    );
  }
  return (
    <>
      {/* Focusable, so a keyboard can scroll it on a narrow screen. */}
      <div
        className="overflow-x-auto print:overflow-visible"
        tabIndex={0}
        role="region"
        aria-label={`${M.statementTitle}, ${view.monthName}`}
      >
        {table}
      </div>
      {note}
    </>
  );
}

function headerCell(column: (typeof COLUMNS)[number]) {
  return (
    <Th key={column.key} className={cn(column.amount && "text-right")}>
      {column.label}
    </Th>
  );
}

function Row({
  printable,
  testId,
  className,
  children,
}: {
  printable: boolean;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return printable ? (
    <tr data-testid={testId} className={cn("border-b border-line last:border-0", className)}>
      {children}
    </tr>
  ) : (
    <Tr data-testid={testId} className={className}>
      {children}
    </Tr>
  );
}

/** A figure; on a phone's card it carries its column's name, which the hidden header gives. */
function Cell({
  label,
  amount,
  printable,
  className,
  children,
}: {
  label: string;
  amount?: boolean;
  printable: boolean;
  className?: string;
  children: ReactNode;
}) {
  if (printable) {
    return (
      <td
        className={cn(
          "px-3 py-2 align-top",
          amount && "text-right whitespace-nowrap tabular-nums",
          className,
        )}
      >
        {children}
      </td>
    );
  }
  return (
    <Td className={cn(amount && "tabular-nums md:text-right", className)}>
      <span aria-hidden="true" className="text-muted md:hidden">
        {label}:{" "}
      </span>
      {children}
    </Td>
  );
}
