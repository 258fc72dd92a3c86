import { describe, expect, it } from "vitest";
import { BitCounter, bitsFor, countBits, forEachBit, hasBit, setBit } from "./search-bits";
import { seededRandom } from "./seeded-random.test-support";

const SLOTS = 100; // four words, the last one partly used
const bitsOf = (slots: number[]) => {
  const bits = bitsFor(SLOTS);
  for (const slot of slots) setBit(bits, slot);
  return bits;
};
const slotsOf = (bits: Uint32Array) => {
  const slots: number[] = [];
  forEachBit(bits, (slot) => slots.push(slot));
  return slots;
};

describe("sets of slots as bits", () => {
  it("hold, count and list slots on either side of each word's edge, lowest first", () => {
    const slots = [0, 1, 30, 31, 32, 63, 64, 95, 96, 99];
    const bits = bitsOf([...slots].reverse());
    expect(bits).toHaveLength(4);
    expect(slotsOf(bits)).toEqual(slots);
    expect(countBits(bits)).toBe(slots.length);
    expect(slots.every((slot) => hasBit(bits, slot))).toBe(true);
    expect([2, 29, 33, 62, 65, 97, 98].some((slot) => hasBit(bits, slot))).toBe(false);
    expect(countBits(bitsFor(SLOTS))).toBe(0);
  });

  it("count, per slot, how many sets hold it, as a plain count does", () => {
    const random = seededRandom(2026);
    for (let round = 0; round < 50; round++) {
      const sets = Array.from({ length: random.int(1, 12) }, () =>
        Array.from({ length: random.int(0, SLOTS) }, () => random.int(0, SLOTS - 1)),
      );
      const unless = Array.from({ length: random.int(0, 30) }, () => random.int(0, SLOTS - 1));
      const counter = new BitCounter(4);
      for (const set of sets) counter.add(bitsOf(set), bitsOf(unless));
      const plain = new Map<number, number>();
      for (const set of sets)
        for (const slot of new Set(set))
          if (!unless.includes(slot)) plain.set(slot, (plain.get(slot) ?? 0) + 1);
      for (let count = 1; count <= sets.length + 1; count++) {
        const expected = [...plain].filter(([, c]) => c === count).map(([slot]) => slot);
        expect(slotsOf(counter.exactly(count)), `round ${round}, count ${count}`).toEqual(
          expected.sort((a, b) => a - b),
        );
      }
    }
  });

  it("have no slot counted before anything is added", () => {
    expect(countBits(new BitCounter(4).exactly(1))).toBe(0);
  });
});
