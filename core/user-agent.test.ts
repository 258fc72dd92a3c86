import { describe, expect, it } from "vitest";
import { describeUserAgent, maskIpAddress, parseUserAgent } from "./user-agent";

// Real User-Agent strings, as browsers sent them.
const UA = {
  chromeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  chromeIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
  chromeAndroid:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  samsungAndroid:
    "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
  operaWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0",
  safariIpad:
    "Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.7 Mobile/15E148 Safari/604.1",
  chromeAndroidTablet:
    "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  chromeOs:
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  headlessChrome:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36",
  curl: "curl/8.5.0",
};

describe("parseUserAgent", () => {
  it.each([
    [UA.chromeWindows, "Chrome", "Windows", "computer"],
    [UA.edgeWindows, "Edge", "Windows", "computer"],
    [UA.firefoxLinux, "Firefox", "Linux", "computer"],
    [UA.safariMac, "Safari", "macOS", "computer"],
    [UA.safariIphone, "Safari", "iOS", "phone"],
    [UA.chromeIphone, "Chrome", "iOS", "phone"],
    [UA.chromeAndroid, "Chrome", "Android", "phone"],
    [UA.samsungAndroid, "Samsung Internet", "Android", "phone"],
    [UA.operaWindows, "Opera", "Windows", "computer"],
    [UA.safariIpad, "Safari", "iPadOS", "tablet"],
    [UA.chromeAndroidTablet, "Chrome", "Android", "tablet"],
    [UA.chromeOs, "Chrome", "ChromeOS", "computer"],
    [UA.headlessChrome, "Chrome", "Linux", "computer"],
    [UA.curl, null, null, "computer"],
  ])("reads %s", (ua, browser, os, device) => {
    expect(parseUserAgent(ua)).toEqual({ browser, os, device });
  });

  it("names the pair, or says plainly what it does not know", () => {
    expect(describeUserAgent(UA.chromeWindows)).toBe("Chrome on Windows");
    expect(describeUserAgent(UA.safariIphone)).toBe("Safari on iOS");
    expect(describeUserAgent("Mozilla/5.0 (Linux; Android 14)")).toBe("A browser on Android");
    expect(describeUserAgent(UA.curl)).toBe("Unknown browser");
    expect(describeUserAgent(null)).toBe("Unknown browser");
    expect(describeUserAgent("")).toBe("Unknown browser");
  });
});

describe("maskIpAddress", () => {
  it("hides the last part of an address", () => {
    expect(maskIpAddress("203.0.113.77")).toBe("203.0.113.x");
    expect(maskIpAddress("::ffff:198.51.100.4")).toBe("198.51.100.x");
    expect(maskIpAddress("2001:db8:85a3:8d3:1319:8a2e:370:7348")).toBe("2001:db8:85a3:…");
    expect(maskIpAddress("2001:db8::1")).toBe("2001:db8:…");
  });

  it("shows nothing for no address or something that is not one", () => {
    expect(maskIpAddress(null)).toBeNull();
    expect(maskIpAddress("")).toBeNull();
    expect(maskIpAddress("::1")).toBeNull();
    expect(maskIpAddress("<script>")).toBeNull();
  });
});
