/** A one-shot toast carried across a redirect in a short-lived cookie (read by the browser). */
export type Flash = { title: string; description?: string; kind?: "success" | "error" };

export const FLASH_COOKIE = "bt_flash";

export function flashCookie(flash: Flash): string {
  return `${FLASH_COOKIE}=${encodeURIComponent(JSON.stringify(flash))}; Path=/; Max-Age=60; SameSite=Lax`;
}

/** Reads and clears the flash in the browser. */
export function takeFlash(): Flash | null {
  const match = document.cookie.split("; ").find((c) => c.startsWith(`${FLASH_COOKIE}=`));
  if (!match) return null;
  document.cookie = `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  try {
    return JSON.parse(decodeURIComponent(match.slice(FLASH_COOKIE.length + 1))) as Flash;
  } catch {
    return null;
  }
}
