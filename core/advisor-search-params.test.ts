import { describe, expect, it } from "vitest";
import { advisorSearchUrl, parseAdvisorSearch } from "./advisor-search-params";
import { isUuid } from "./ids";

describe("listing query string", () => {
  it("reads search and page, trimming the search", () => {
    expect(parseAdvisorSearch(new URLSearchParams("search=%20Dubai%20&page=3"))).toEqual({
      search: "Dubai",
      page: 3,
    });
  });

  it("falls back to page 1 and no search for junk", () => {
    for (const query of ["page=abc", "page=0", "page=-2", "page=1.5", ""]) {
      expect(parseAdvisorSearch(new URLSearchParams(query))).toEqual({ search: "", page: 1 });
    }
  });

  it("builds shareable URLs, leaving out defaults", () => {
    expect(advisorSearchUrl("Moving to Dubai")).toBe("/advisors?search=Moving+to+Dubai");
    expect(advisorSearchUrl("  ")).toBe("/advisors");
    expect(advisorSearchUrl("mba", 2)).toBe("/advisors?search=mba&page=2");
    expect(advisorSearchUrl("", 3)).toBe("/advisors?page=3");
  });
});

describe("isUuid", () => {
  it("accepts canonical UUIDs only", () => {
    expect(isUuid("42c97899-1e34-4538-a082-815603cf8d06")).toBe(true);
    expect(isUuid("42c97899")).toBe(false);
    expect(isUuid("../etc/passwd")).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
});
