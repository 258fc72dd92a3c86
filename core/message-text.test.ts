import { describe, expect, it } from "vitest";
import { formatByteSize, sessionNoticeText } from "./conversation";
import { messageSchema } from "./forms/conversations";
import { CONVERSATION_MESSAGES as M } from "./messages/conversations";
import { linkify, MASKED_CONTACT, maskContactDetails } from "./message-text";

describe("maskContactDetails", () => {
  it.each([
    ["call 9876543210 now", `call ${MASKED_CONTACT} now`],
    ["+91 98765 43210", MASKED_CONTACT],
    ["(080) 4567-8901", `(${MASKED_CONTACT}`],
    ["+44 20 7946 0958.", `${MASKED_CONTACT}.`],
    ["mail asha.rao@example.co.in please", `mail ${MASKED_CONTACT} please`],
    ["asha (at) example (dot) com", MASKED_CONTACT],
  ])("hides %j", (text, masked) => {
    expect(maskContactDetails(text)).toEqual({ text: masked, masked: true });
  });

  it.each([
    "See you on 2026-12-05 at 10:00",
    "It costs ₹4,500 for 30 minutes",
    "I have 12 years of experience and 3 offers",
    "version 1.2.3 of the app",
    "twitter @asha",
  ])("keeps %j", (text) => {
    expect(maskContactDetails(text)).toEqual({ text, masked: false });
  });
});

describe("linkify", () => {
  it("makes web addresses links and leaves everything else text", () => {
    expect(linkify("see https://example.com/a?b=c, or www.example.org.")).toEqual([
      { kind: "text", text: "see " },
      { kind: "link", text: "https://example.com/a?b=c", href: "https://example.com/a?b=c" },
      { kind: "text", text: ", or " },
      { kind: "link", text: "www.example.org", href: "https://www.example.org" },
      { kind: "text", text: "." },
    ]);
  });

  it("never links another scheme, and keeps markup as text", () => {
    for (const text of [
      "javascript:alert(1)",
      '<a href="javascript:alert(1)">x</a>',
      "<script>alert(1)</script>",
      "data:text/html,<script>alert(1)</script>",
    ])
      expect(linkify(text)).toEqual([{ kind: "text", text }]);
  });

  it("ends a link at a quote or angle bracket", () => {
    expect(linkify('<https://example.com/"onmouseover="x>')).toEqual([
      { kind: "text", text: "<" },
      { kind: "link", text: "https://example.com/", href: "https://example.com/" },
      { kind: "text", text: '"onmouseover="x>' },
    ]);
  });
});

describe("the message form", () => {
  it("takes plain paragraphs up to the limit", () => {
    expect(messageSchema.safeParse({ body: " hi\r\nthere " }).data).toEqual({
      body: "hi\nthere",
      attachments: [],
    });
    const issue = (body: string) => messageSchema.safeParse({ body }).error?.issues[0]?.message;
    expect(issue("   ")).toBe(M.bodyRequired);
    expect(issue("x".repeat(4001))).toBe(M.bodyTooLong);
    expect(issue("bell\u0007")).toBe(
      "Please remove control characters (invisible characters such as NUL).",
    );
  });
});

describe("texts", () => {
  it("says what happened to a session", () => {
    const at = () => "Sat, 5 Dec, 10:00 AM";
    const start = new Date();
    expect(sessionNoticeText("booked", start, at)).toBe("Session booked for Sat, 5 Dec, 10:00 AM");
    expect(sessionNoticeText("rescheduled", start, at)).toBe(
      "Session rescheduled to Sat, 5 Dec, 10:00 AM",
    );
    expect(sessionNoticeText("cancelled", start, at)).toBe(
      "Session on Sat, 5 Dec, 10:00 AM cancelled",
    );
  });

  it("gives a file's size in bytes, KB or MB", () => {
    expect([1, 512, 2048, 20_480, 2_516_582, 10 * 1024 * 1024].map(formatByteSize)).toEqual([
      "1 byte",
      "512 bytes",
      "2 KB",
      "20 KB",
      "2.4 MB",
      "10 MB",
    ]);
  });
});
