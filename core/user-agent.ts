/*
 * "Where you are signed in": a device and browser named from a session's User-Agent, and the
 * address it signed in from, partly hidden. Pure, so the list reads the same in every test.
 */

export type DeviceKind = "phone" | "tablet" | "computer";
export type UserAgentSummary = { browser: string | null; os: string | null; device: DeviceKind };

/** Order matters: Edge, Opera and Samsung's browser also say "Chrome"; Chrome also says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|OPiOS)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFxiOS\//, "Firefox"],
  [/\bCriOS\//, "Chrome"],
  [/\bFirefox\//, "Firefox"],
  [/(\b|Headless)Chrom(e|ium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\b(iPhone|iPad).*\bMobile\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPod)\b/, "iOS"],
  [/\biPad\b/, "iPadOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export function parseUserAgent(userAgent: string | null | undefined): UserAgentSummary {
  const ua = userAgent ?? "";
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const tablet =
    /\biPad\b|\bTablet\b/.test(ua) || (/\bAndroid\b/.test(ua) && !/\bMobile\b/.test(ua));
  const phone = !tablet && /\bMobile\b|\biPhone\b|\biPod\b/.test(ua);
  return { browser, os, device: tablet ? "tablet" : phone ? "phone" : "computer" };
}

/** "Chrome on Windows", "Safari on iOS", or a plain "Unknown browser" when nothing is known. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const { browser, os } = parseUserAgent(userAgent);
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? (os ? `A browser on ${os}` : "Unknown browser");
}

/**
 * The sign-in's address with its last part hidden (ADR 89): enough to tell home from abroad,
 * not enough to point at one connection. IPv4 keeps three parts, IPv6 its first three groups.
 */
export function maskIpAddress(ip: string | null | undefined): string | null {
  const address = (ip ?? "").trim().replace(/^::ffff:(?=\d+\.)/i, "");
  if (!address) return null;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (/^[0-9a-f:]+$/i.test(address) && address.includes(":")) {
    const groups = address.split("::")[0]!.split(":").filter(Boolean).slice(0, 3);
    return groups.length > 0 ? `${groups.join(":")}:…` : null;
  }
  return null;
}
