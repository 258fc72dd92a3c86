/**
 * The Content-Security-Policy, built per request: scripts run only from our origin or with the
 * request's nonce (React Router's and React's inline scripts carry it), and each outside origin
 * is allowed only when the service behind it is configured (see docs/decisions/0008).
 */
export type CspOptions = {
  nonce: string;
  /** Vite's dev server injects inline scripts and talks over a WebSocket: relaxed, dev only. */
  development: boolean;
  razorpay: boolean;
  /** Origin of Google's sign-in pages (a test provider stands in for Google in tests). */
  googleOrigin?: string;
};

const RAZORPAY_CHECKOUT = "https://checkout.razorpay.com";
const RAZORPAY_API = "https://api.razorpay.com";

export function contentSecurityPolicy(options: CspOptions): string {
  const { nonce, development, razorpay, googleOrigin } = options;
  const scripts = development
    ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
    : ["'self'", `'nonce-${nonce}'`];
  const connect = ["'self'"];
  const frames: string[] = [];
  const formActions = ["'self'"];
  if (development) connect.push("ws:", "wss:");
  if (razorpay) {
    scripts.push(RAZORPAY_CHECKOUT);
    connect.push(RAZORPAY_API, RAZORPAY_CHECKOUT);
    frames.push(RAZORPAY_API, RAZORPAY_CHECKOUT);
  }
  // A sign-in form without JavaScript posts to us and is redirected to Google's consent page.
  if (googleOrigin) formActions.push(googleOrigin);

  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", scripts],
    // Radix positions popovers with inline style attributes and sonner injects a <style>:
    // styles cannot run code, so inline styles stay allowed.
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:"]],
    ["font-src", ["'self'", "data:"]],
    ["connect-src", connect],
    ["frame-src", frames.length > 0 ? frames : ["'none'"]],
    ["frame-ancestors", ["'none'"]],
    ["form-action", formActions],
    ["base-uri", ["'self'"]],
    ["object-src", ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}
