/** Zones that break slot arithmetic, for the randomized tests of the booking window and slots. */

/** Zones with DST, some changing at odd times or by odd amounts. */
export const DST_ZONES = [
  "America/New_York",
  "America/Los_Angeles",
  "Europe/London",
  "Europe/Berlin",
  "Australia/Sydney",
  "Australia/Lord_Howe", // 30-minute DST shift
  "America/Santiago", // changes at local midnight
  "America/Havana", // changes at local midnight
  "America/St_Johns",
  "Pacific/Chatham", // +12:45 / +13:45, changes at 02:45
];

/** The DST zones and the fixed ones at the edges: half and quarter hours, ±12 to +14. */
export const ODD_ZONES = [
  ...DST_ZONES,
  "UTC",
  "Asia/Kolkata",
  "Asia/Kathmandu", // +5:45
  "Pacific/Kiritimati", // +14
  "Pacific/Pago_Pago", // -11
  "Etc/GMT+12", // -12
];

/** UTC dates of the DST changes in these zones in 2026 (US and Cuba, EU, AU/NZ/Chile, NZ …). */
export const DST_CHANGES_2026 = [
  "2026-03-08",
  "2026-03-29",
  "2026-04-05",
  "2026-09-06",
  "2026-09-27",
  "2026-10-04",
  "2026-10-25",
  "2026-11-01",
].map((date) => Date.parse(`${date}T00:00:00Z`));
