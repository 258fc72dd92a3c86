/**
 * Cookies that end a browser's sign-in after its account is deleted: better-auth's session
 * cookie (plain and `__Secure-` named, as session.server.ts reads them) and the role choice.
 * The session itself is already gone from the database; this only tidies the browser.
 */
export function signedOutCookies(secure: boolean): string[] {
  const gone = "Path=/; Max-Age=0; HttpOnly; SameSite=Lax";
  return [
    `bt.session_token=; ${gone}${secure ? "; Secure" : ""}`,
    ...(secure ? [`__Secure-bt.session_token=; ${gone}; Secure`] : []),
    `bt_role=; ${gone}${secure ? "; Secure" : ""}`,
  ];
}
