import { SECURITY_MESSAGES as M } from "../../core/messages/security";

/*
 * The browser half of passkeys (ADR 92): options from our API, the authenticator through
 * @simplewebauthn/browser (loaded on first use, so no page carries it up front), the answer
 * back to our API. Each returns a message to show, or null when it worked.
 */

export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

async function post(url: string, body: unknown) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as { message?: string };
  return response.ok ? null : (answer.message ?? M.passkeyFailed);
}

function ceremonyError(error: unknown, fallback: string) {
  const name = (error as { name?: string } | null)?.name;
  return name === "NotAllowedError" || name === "AbortError" ? M.passkeyCancelled : fallback;
}

export async function signInWithPasskey(): Promise<string | null> {
  if (!passkeysSupported()) return M.passkeyUnsupported;
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const options = await fetch("/api/passkey/sign-in");
  if (!options.ok) return M.passkeyFailed;
  let response;
  try {
    response = await startAuthentication({ optionsJSON: await options.json() });
  } catch (error) {
    return ceremonyError(error, M.passkeyFailed);
  }
  return post("/api/passkey/sign-in", { response });
}

export async function addPasskey(name: string): Promise<string | null> {
  if (!passkeysSupported()) return M.passkeyUnsupported;
  const { startRegistration } = await import("@simplewebauthn/browser");
  const options = await fetch(`/api/passkey/register?name=${encodeURIComponent(name)}`);
  if (!options.ok) {
    const answer = (await options.json().catch(() => ({}))) as { message?: string };
    return answer.message ?? M.passkeyAddFailed;
  }
  let response;
  try {
    response = await startRegistration({ optionsJSON: await options.json() });
  } catch (error) {
    return ceremonyError(error, M.passkeyAddFailed);
  }
  return post("/api/passkey/register", { name, response });
}
