import { describe, expect, it } from "vitest";
import { typedParts } from "./suggestion-highlight";

describe("typedParts", () => {
  it("marks the start of each word a typed word begins", () => {
    expect(typedParts("Relocating to Canada", "reloc")).toEqual([
      { text: "Reloc", typed: true },
      { text: "ating to Canada", typed: false },
    ]);
    expect(typedParts("Product Management Transition", "man prod")).toEqual([
      { text: "Prod", typed: true },
      { text: "uct ", typed: false },
      { text: "Man", typed: true },
      { text: "agement Transition", typed: false },
    ]);
  });

  it("ignores case and accents on both sides, and keeps the text as written", () => {
    expect(typedParts("Zürich", "ZUR")).toEqual([
      { text: "Zür", typed: true },
      { text: "ich", typed: false },
    ]);
    expect(typedParts("Munich", "mü")).toEqual([
      { text: "Mu", typed: true },
      { text: "nich", typed: false },
    ]);
  });

  it("marks the longest typed word a word starts with, and only whole typed words", () => {
    expect(typedParts("Salary Negotiation", "sa salary")).toEqual([
      { text: "Salary", typed: true },
      { text: " Negotiation", typed: false },
    ]);
    expect(typedParts("Salary", "salaries")).toEqual([{ text: "Salary", typed: false }]);
    expect(typedParts("Dubai", "")).toEqual([{ text: "Dubai", typed: false }]);
  });
});
