import { createHash } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { escapeHtml, redirect, sendHtml, sendJson } from "./http.test-support";
import type { Account, GoogleState } from "./state.test-support";

/** One visit to the consent page, as the app sent the advisor there. */
export type Authorization = {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string | null;
  accessType: string | null;
  prompt: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  /** Every query parameter, for anything not above. */
  query: Record<string, string>;
  outcome: "pending" | "allowed" | "denied";
};

export type Revocation = {
  sub: string;
  email: string;
  by: "client" | "user";
  token: string | null;
};

type Code = {
  account: Account;
  redirectUri: string;
  scope: string;
  offline: boolean;
  challenge: string | null;
  challengeMethod: string | null;
  used: boolean;
};
type Grant = { account: Account; scope: string; refreshToken: string | null };
type AccessToken = { grant: Grant; expiresAt: number };

const AUTH_PATH = "/o/oauth2/auth";
const refusal = (error: string, description: string) => ({
  status: 400,
  body: { error, error_description: description },
});

/**
 * Google's OAuth 2 for people (tests only): discovery without jwks_uri (so better-auth reads
 * the user from userinfo), a consent page, the code and refresh grants with PKCE, userinfo,
 * revocation. Access tokens are `ya29.user-N`, unlike the service account's `token-N`.
 */
export function createOAuth(options: {
  origin: string;
  clientId: string;
  clientSecret: string;
  state: GoogleState;
}) {
  const { origin, state } = options;
  const authorizations: Authorization[] = [];
  const revocations: Revocation[] = [];
  const codes = new Map<string, Code>();
  const refreshTokens = new Map<string, Grant>();
  const accessTokens = new Map<string, AccessToken>();
  const grants: Grant[] = [];
  const revoked = new Set<Grant>();
  let counter = 0;

  function issueAccessToken(grant: Grant) {
    const token = `ya29.user-${++counter}`;
    accessTokens.set(token, { grant, expiresAt: Date.now() + state.accessTokenSeconds * 1000 });
    return { access_token: token, expires_in: state.accessTokenSeconds, scope: grant.scope };
  }

  /** The grant a token (access or refresh) belongs to, revoked or not. */
  function grantOf(token: string): Grant | undefined {
    return accessTokens.get(token)?.grant ?? refreshTokens.get(token);
  }

  function revoke(grant: Grant, by: Revocation["by"], token: string | null) {
    revoked.add(grant);
    revocations.push({ sub: grant.account.sub, email: grant.account.email, by, token });
  }

  function accountOf(token: string): Account | null {
    const entry = accessTokens.get(token);
    if (!entry || revoked.has(entry.grant) || entry.expiresAt <= Date.now()) return null;
    return entry.grant.account;
  }

  function clientMatches(headers: IncomingHttpHeaders, form: URLSearchParams): boolean {
    const client = basicCredentials(headers.authorization) ?? {
      id: form.get("client_id"),
      secret: form.get("client_secret"),
    };
    return client.id === options.clientId && client.secret === options.clientSecret;
  }

  function exchangeCode(form: URLSearchParams) {
    const code = codes.get(form.get("code") ?? "");
    if (!code || code.used) return refusal("invalid_grant", "Bad Request");
    if (code.redirectUri !== form.get("redirect_uri"))
      return refusal("redirect_uri_mismatch", "Bad Request");
    if (!pkceMatches(code, form.get("code_verifier")))
      return refusal("invalid_grant", "Invalid code verifier.");
    code.used = true;
    const grant: Grant = {
      account: code.account,
      scope: code.scope,
      refreshToken: code.offline ? `1//user-refresh-${++counter}` : null,
    };
    grants.push(grant);
    if (grant.refreshToken) refreshTokens.set(grant.refreshToken, grant);
    const body = {
      ...issueAccessToken(grant),
      ...(grant.refreshToken ? { refresh_token: grant.refreshToken } : {}),
      token_type: "Bearer",
    };
    return { status: 200, body };
  }

  function refresh(form: URLSearchParams) {
    const grant = refreshTokens.get(form.get("refresh_token") ?? "");
    if (!grant || revoked.has(grant))
      return refusal("invalid_grant", "Token has been expired or revoked.");
    return { status: 200, body: { ...issueAccessToken(grant), token_type: "Bearer" } };
  }

  /** Shows the consent page, or approves at once with `state.autoApprove`. */
  function authorize(res: ServerResponse, params: URLSearchParams, decision: string | null) {
    const problem = authorizationProblem(params, options.clientId);
    if (problem) return sendHtml(res, 400, page(`<h1>Error 400: ${escapeHtml(problem)}</h1>`));
    const record = decision ? lastPending(params) : recordAuthorization(params);
    if (!decision && !state.autoApprove)
      return sendHtml(res, 200, consentPage(params, state.account));
    const allowed = decision ? decision === "allow" : true;
    record.outcome = allowed ? "allowed" : "denied";
    const target = new URL(params.get("redirect_uri")!);
    if (allowed) target.searchParams.set("code", issueCode(params));
    else target.searchParams.set("error", "access_denied");
    if (params.has("state")) target.searchParams.set("state", params.get("state")!);
    redirect(res, target.href);
  }

  function issueCode(params: URLSearchParams): string {
    const code = `4/code-${++counter}`;
    codes.set(code, {
      account: { ...state.account },
      redirectUri: params.get("redirect_uri")!,
      scope: params.get("scope")!,
      offline: params.get("access_type") === "offline",
      challenge: params.get("code_challenge"),
      challengeMethod: params.get("code_challenge_method"),
      used: false,
    });
    return code;
  }

  function recordAuthorization(params: URLSearchParams): Authorization {
    const record: Authorization = {
      clientId: params.get("client_id")!,
      redirectUri: params.get("redirect_uri")!,
      scopes: (params.get("scope") ?? "").split(" ").filter(Boolean),
      state: params.get("state"),
      accessType: params.get("access_type"),
      prompt: params.get("prompt"),
      codeChallenge: params.get("code_challenge"),
      codeChallengeMethod: params.get("code_challenge_method"),
      query: Object.fromEntries(params),
      outcome: "pending",
    };
    authorizations.push(record);
    return record;
  }

  /** The consent page's own visit, matched by state (a form posted without one is recorded anew). */
  function lastPending(params: URLSearchParams): Authorization {
    const found = authorizations.findLast(
      (a) => a.outcome === "pending" && a.state === params.get("state"),
    );
    return found ?? recordAuthorization(params);
  }

  function token(req: IncomingMessage, res: ServerResponse, form: URLSearchParams) {
    if (!clientMatches(req.headers, form))
      return sendJson(res, 401, { error: "invalid_client", error_description: "Unauthorized" });
    const grantType = form.get("grant_type");
    const result =
      grantType === "authorization_code"
        ? exchangeCode(form)
        : grantType === "refresh_token"
          ? refresh(form)
          : refusal("unsupported_grant_type", `Invalid grant_type: ${grantType}`);
    sendJson(res, result.status, result.body);
  }

  return {
    authorizations,
    revocations,

    /** The account a user access token stands for, if it is still good. */
    accountOf,

    /** The user removing the app's access at Google: every grant of the account. */
    revokeGrant(emailOrSub: string): number {
      const mine = grants.filter(
        (g) => !revoked.has(g) && (g.account.sub === emailOrSub || g.account.email === emailOrSub),
      );
      for (const grant of mine) revoke(grant, "user", null);
      return mine.length;
    },

    /** Every user access token stops working; refresh tokens still do. */
    expireAccessTokens() {
      for (const entry of accessTokens.values()) entry.expiresAt = 0;
    },

    /** The user-facing grants; the service account's JWT grant stays with the caller. */
    token,

    /** Answers the OAuth paths; false for anything else. */
    handle(req: IncomingMessage, res: ServerResponse, url: URL, text: string): boolean {
      const route = `${req.method} ${url.pathname}`;
      if (route === "GET /.well-known/openid-configuration") {
        sendJson(res, 200, {
          issuer: origin,
          authorization_endpoint: `${origin}${AUTH_PATH}`,
          token_endpoint: `${origin}/token`,
          userinfo_endpoint: `${origin}/userinfo`,
          revocation_endpoint: `${origin}/revoke`,
        });
      } else if (route === `GET ${AUTH_PATH}`) {
        authorize(res, url.searchParams, null);
      } else if (route === `POST ${AUTH_PATH}`) {
        const form = new URLSearchParams(text);
        authorize(res, form, form.get("decision"));
      } else if (route === "GET /userinfo") {
        const account = accountOf(bearer(req.headers.authorization) ?? "");
        if (!account)
          sendJson(res, 401, {
            error: "invalid_request",
            error_description: "Invalid Credentials",
          });
        else sendJson(res, 200, { ...account, id: account.sub, email_verified: true });
      } else if (route === "POST /revoke") {
        const token = new URLSearchParams(text).get("token") ?? url.searchParams.get("token") ?? "";
        const grant = grantOf(token);
        if (!grant || revoked.has(grant))
          sendJson(res, 400, {
            error: "invalid_token",
            error_description: "Token expired or revoked",
          });
        else {
          revoke(grant, "client", token);
          sendJson(res, 200, {});
        }
      } else return false;
      return true;
    },
  };
}

function bearer(header: string | undefined): string | null {
  return /^Bearer (\S+)$/.exec(header ?? "")?.[1] ?? null;
}

/** client_secret_basic: both halves form-encoded, then base64 (RFC 6749 2.3.1). */
function basicCredentials(header: string | undefined) {
  const encoded = /^Basic +(\S+)$/i.exec(header ?? "")?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  const formDecode = (v: string) => new URLSearchParams(`v=${v}`).get("v");
  return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
}

function pkceMatches(code: Code, verifier: string | null): boolean {
  if (!code.challenge) return true;
  if (!verifier) return false;
  const derived =
    code.challengeMethod === "S256"
      ? createHash("sha256").update(verifier).digest("base64url")
      : verifier;
  return derived === code.challenge;
}

/** What Google's error page would say about the request, or null when it is good. */
function authorizationProblem(params: URLSearchParams, clientId: string): string | null {
  if (params.get("client_id") !== clientId) return "invalid_client";
  if (!URL.canParse(params.get("redirect_uri") ?? "")) return "redirect_uri_mismatch";
  if (params.get("response_type") !== "code") return "unsupported_response_type";
  if (!params.get("scope")) return "invalid_request (Missing required parameter: scope)";
  const method = params.get("code_challenge_method");
  if (params.has("code_challenge") && method !== "S256" && method !== "plain")
    return "invalid_request (code_challenge_method)";
  return null;
}

function consentPage(params: URLSearchParams, account: Account): string {
  const hidden = [...params]
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("");
  const scopes = (params.get("scope") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((s) => `<li>${escapeHtml(s)}</li>`)
    .join("");
  return page(`<h1>Sign in with Google (test)</h1>
<p>Signed in as <strong>${escapeHtml(account.email)}</strong> (${escapeHtml(account.name)})</p>
<p>The app asks for:</p><ul>${scopes}</ul>
<form method="post" action="${AUTH_PATH}">${hidden}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`);
}

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in with Google (test)</title></head><body>${body}</body></html>`;
