import { describe, expect, it } from "vitest";
import { countLabel, pageHref } from "./list-page";

describe("a keyset pager's links", () => {
  const keys = { previous: "b2xk", next: "bmV3" };

  it("keep the list's filters, leave out empty ones, and carry the neighbour's key", () => {
    const filters = { q: "kavya", role: "all", target: "" };
    expect(pageHref(filters, keys, "next")).toBe("?q=kavya&role=all&after=bmV3");
    expect(pageHref(filters, keys, "previous")).toBe("?q=kavya&role=all&before=b2xk");
    expect(pageHref(filters, keys, "first")).toBe("?q=kavya&role=all");
    expect(pageHref(filters, keys, "last")).toBe("?q=kavya&role=all&last=1");
  });

  it("are missing towards the end a page is at", () => {
    const first = { previous: null, next: "bmV3" };
    expect(pageHref({}, first, "first")).toBeNull();
    expect(pageHref({}, first, "previous")).toBeNull();
    const last = { previous: "b2xk", next: null };
    expect(pageHref({}, last, "next")).toBeNull();
    expect(pageHref({}, last, "last")).toBeNull();
  });
});

describe("a list's count", () => {
  it("reads one, many, and more than the bound", () => {
    expect(countLabel({ n: 1, more: false }, "user", "users")).toBe("1 user");
    expect(countLabel({ n: 0, more: false }, "user", "users")).toBe("0 users");
    expect(countLabel({ n: 1234, more: false }, "entry", "entries")).toBe("1,234 entries");
    expect(countLabel({ n: 10_000, more: true }, "user", "users")).toBe("10,000+ users");
  });
});
