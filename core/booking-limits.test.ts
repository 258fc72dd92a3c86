import { describe, expect, it } from "vitest";
import { topicsField } from "./forms/booking";
import { topicsValid } from "./booking-limits";

describe("topicsValid", () => {
  it("accepts exactly what the booking schema's topicsField accepts", () => {
    const samples: string[][] = [
      [],
      ["Careers"],
      ["  Careers  ", "Relocation"],
      ["   "],
      ["Careers", ""],
      ["x".repeat(200)],
      [` ${"x".repeat(200)} `],
      ["x".repeat(201)],
      Array.from({ length: 30 }, (_, i) => `Topic ${i}`),
      Array.from({ length: 31 }, (_, i) => `Topic ${i}`),
    ];
    for (const topics of samples) {
      expect(topicsValid(topics), JSON.stringify(topics)).toBe(
        topicsField.safeParse(topics).success,
      );
    }
  });
});
