import type { StatementRow } from "./earnings";

// A session on Tue 24 Nov 2026, 10:00-10:30 in India.
const start = new Date("2026-11-24T04:30:00Z");
export const row = (overrides: Partial<StatementRow> = {}): StatementRow => ({
  id: "b1",
  kind: "session",
  sessionAt: start,
  sessionEnd: new Date(start.getTime() + 30 * 60_000),
  seekerFirstName: "Aarav",
  sessionType: "First Call",
  packageName: null,
  fee: 100_000,
  commission: 20_000,
  commissionPercent: 20,
  refund: 0,
  net: 80_000,
  transfer: { status: "on_hold", lastError: null },
  ...overrides,
});
