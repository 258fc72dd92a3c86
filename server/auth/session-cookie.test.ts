import { describe, expect, it } from "vitest";
import { hasSessionCookie } from "./session.server";

describe("hasSessionCookie", () => {
  it("finds better-auth's session cookie by its name, also with the __Secure- prefix", () => {
    expect(hasSessionCookie("bt.session_token=abc.sig")).toBe(true);
    expect(hasSessionCookie("bt_role=seeker; __Secure-bt.session_token=abc.sig")).toBe(true);
    expect(hasSessionCookie("a=1;bt.session_token=abc")).toBe(true);
  });

  it("is not fooled by a cookie that merely contains the name", () => {
    expect(hasSessionCookie("x=bt.session_token=abc")).toBe(false);
    expect(hasSessionCookie("notbt.session_token=abc")).toBe(false);
    expect(hasSessionCookie("bt.session_tokens=abc")).toBe(false);
    expect(hasSessionCookie("bt.session_token")).toBe(false);
    expect(hasSessionCookie("bt.session_token=; bt_role=seeker")).toBe(false);
    expect(hasSessionCookie("")).toBe(false);
    expect(hasSessionCookie(undefined)).toBe(false);
  });
});
