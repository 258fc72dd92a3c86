import { describe, expect, it } from "vitest";
import {
  hmacHex,
  isValidPaymentSignature,
  paymentSignature,
  signatureMatches,
} from "./signature.server";

const secret = "test-secret";
const good = paymentSignature(secret, "order_1", "pay_1");

describe("signature checks", () => {
  it("accept the exact signature: 64 lowercase hex digits", () => {
    expect(good).toMatch(/^[0-9a-f]{64}$/);
    expect(isValidPaymentSignature(secret, "order_1", "pay_1", good)).toBe(true);
    expect(signatureMatches(hmacHex(secret, "{}"), hmacHex(secret, "{}"))).toBe(true);
  });

  it("refuse every other spelling of a good signature like a wrong one", () => {
    for (const other of [
      good.toUpperCase(),
      `${good}0`, // odd length: Buffer.from(hex) would silently drop the digit
      `${good}00`,
      good.slice(0, 63),
      ` ${good}`,
      `${good}\n`,
      `0x${good}`,
      good.replace(/^./, (c) => (c === "a" ? "b" : "a")),
      "",
    ]) {
      expect(isValidPaymentSignature(secret, "order_1", "pay_1", other), other).toBe(false);
    }
    expect(signatureMatches(good, null)).toBe(false);
    expect(signatureMatches(good, undefined)).toBe(false);
  });
});
