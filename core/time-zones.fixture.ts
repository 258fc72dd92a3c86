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
