import { describe, expect, it } from "vitest";
import { ADVISOR_SEARCH_MESSAGES as M } from "./advisor-search";

describe("the listing's count", () => {
  it("is the spec's '{n} advisors found', in the singular for one", () => {
    expect(M.found(0)).toBe("0 advisors found");
    expect(M.found(1)).toBe("1 advisor found");
    expect(M.found(2)).toBe("2 advisors found");
    expect(M.found(21)).toBe("21 advisors found");
  });
});
