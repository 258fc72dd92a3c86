import { describe, expect, it } from "vitest";
import {
  advisorSearchUrl,
  parseAdvisorSearch,
  parseSuggestionQuery,
} from "./advisor-search-params";
import { advisorSuggestionsUrl, SUGGESTION_QUERY_MAX } from "./advisor-search-url";
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

describe("suggestions query string", () => {
  const parse = (query: string) => parseSuggestionQuery(new URLSearchParams(query));

  it("reads q trimmed, and nothing when it is missing or blank", () => {
    expect(parse("q=%20%20reloc%20")).toBe("reloc");
    expect(parse("q=%20%20")).toBe("");
    expect(parse("search=reloc")).toBe("");
  });

  it("cuts a long q to its first characters, never inside an emoji", () => {
    expect(parse(`q=${"a".repeat(500)}`)).toBe("a".repeat(SUGGESTION_QUERY_MAX));
    const emoji = "\u{1F30D}".repeat(150);
    expect(parse(`q=${encodeURIComponent(emoji)}`)).toBe("\u{1F30D}".repeat(SUGGESTION_QUERY_MAX));
    expect(parse(`q=${"a".repeat(99)}%20b`)).toBe("a".repeat(99));
  });

  it("is what the boxes ask for", () => {
    expect(advisorSuggestionsUrl("h-1b & opt")).toBe("/api/advisors/suggestions?q=h-1b+%26+opt");
    expect(parse(advisorSuggestionsUrl("h-1b & opt").split("?")[1]!)).toBe("h-1b & opt");
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
