import { Link } from "react-router";
import { REMINDER_DELIVERY_DAYS, type ReminderDeliveryRow } from "../../../core/channels";
import { Card } from "../ui/card";

const CHANNEL: Record<ReminderDeliveryRow["channel"], string> = {
  email: "E-mail",
  whatsapp: "WhatsApp",
  sms: "SMS",
};
const count = new Intl.NumberFormat("en-IN");
const num = "px-2 py-2 text-right tabular-nums";

/** Reminders (24 h, 1 h, starts now) per channel over the last year: how far they got. */
export function ReminderDelivery({ rows }: { rows: ReminderDeliveryRow[] }) {
  const figure = (value: number | null) =>
    value === null ? (
      <>
        <span aria-hidden="true">–</span>
        <span className="sr-only">not reported</span>
      </>
    ) : (
      count.format(value)
    );
  return (
    <Card className="grid min-w-0 gap-4 p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">Reminder delivery</h2>
          <p className="text-sm text-muted">
            Reminders of the last {REMINDER_DELIVERY_DAYS} days. E-mail does not report delivery or
            reading, SMS not reading.
          </p>
        </div>
        <Link to="/admin/messages" className="text-sm font-medium text-brand-700 underline">
          Failed WhatsApp and SMS messages
        </Link>
      </div>
      <div className="min-w-0 overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="reminder-delivery">
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-2 pr-2 font-medium">
                Channel
              </th>
              <th scope="col" className={`${num} font-medium`}>
                Sent
              </th>
              <th scope="col" className={`${num} font-medium`}>
                Delivered
              </th>
              <th scope="col" className={`${num} font-medium`}>
                Read
              </th>
              <th scope="col" className={`${num} pr-0 font-medium`}>
                Failed
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.channel} className="border-t border-line">
                <th scope="row" className="py-2 pr-2 font-medium">
                  {CHANNEL[row.channel]}
                </th>
                <td className={num}>{figure(row.sent)}</td>
                <td className={num}>{figure(row.delivered)}</td>
                <td className={num}>{figure(row.read)}</td>
                <td className={`${num} pr-0`}>{figure(row.failed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
