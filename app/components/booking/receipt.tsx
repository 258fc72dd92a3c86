import { Printer } from "lucide-react";
import { Link } from "react-router";
import { formatPaise } from "../../../core/format";
import { GST_PERCENT } from "../../../core/pricing";
import { COMPANY } from "../pages/company";
import { Button } from "../ui/button";

/**
 * A tax invoice / receipt, on the page and printed: the company, the invoice's facts, what was
 * bought (amounts in paise), GST and the total, and a line when money went back.
 */
export function Receipt({
  back,
  facts,
  item,
  fee,
  gst,
  total,
  note,
}: {
  back: { to: string; label: string };
  facts: [label: string, value: string][];
  item: string;
  fee: number;
  gst: number;
  total: number;
  note?: string | null;
}) {
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8 sm:px-6 sm:py-12 print:py-0">
      <div className="flex items-center justify-between gap-3 print:hidden">
        <Link to={back.to} className="text-sm underline">
          {back.label}
        </Link>
        <Button variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" /> Print
        </Button>
      </div>
      <article className="grid gap-6 rounded-xl border border-line bg-surface p-6 sm:p-10">
        <header className="grid gap-1">
          <h1 className="text-2xl font-bold">Tax Invoice / Receipt</h1>
          <p className="font-semibold">{COMPANY.legalName}</p>
          <p className="text-sm text-muted">{COMPANY.address}</p>
          <p className="text-sm text-muted">GSTIN: {COMPANY.gstin}</p>
        </header>
        <dl className="grid gap-2 text-sm">
          {facts.map(([label, value]) => (
            <div key={label} className="grid gap-0.5 sm:grid-cols-[10rem_1fr]">
              <dt className="text-muted">{label}</dt>
              <dd className="font-medium break-all">{value}</dd>
            </div>
          ))}
        </dl>
        <table className="w-full text-sm">
          <caption className="sr-only">Amounts</caption>
          <thead>
            <tr className="border-b border-line text-left">
              <th scope="col" className="py-2 font-semibold">
                Description
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td className="py-2 wrap-anywhere">{item}</td>
              <td className="py-2 text-right">{formatPaise(fee)}</td>
            </tr>
            <tr>
              <td className="py-2">GST ({GST_PERCENT}%)</td>
              <td className="py-2 text-right">{formatPaise(gst)}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr className="border-t border-line font-semibold">
              <th scope="row" className="py-2 text-left">
                Total paid
              </th>
              <td className="py-2 text-right">{formatPaise(total)}</td>
            </tr>
          </tfoot>
        </table>
        {note ? <p className="text-sm font-semibold text-danger">{note}</p> : null}
      </article>
    </div>
  );
}
