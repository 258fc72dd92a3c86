/** What Settings → Security shows (ADR 92); the server's loader is checked against these. */

/** A QR code's dark modules, row by row ("1" dark), drawn as one SVG path. */
export type QrMatrix = { size: number; rows: string[] };

export type PasskeyView = { id: string; name: string; createdAt: string; synced: boolean };

export type SecurityView = {
  totp: "off" | "pending" | "on";
  /** While enrolment waits for its first code: what the authenticator app needs. */
  setup: { secret: string; uri: string; qr: QrMatrix } | null;
  hasPassword: boolean;
  passkeys: PasskeyView[];
};

/** A setup key as apps show it: groups of four, so it wraps between groups and reads easily. */
export function groupKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}
