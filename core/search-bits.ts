// Sets of advisors as bits, one per advisor's slot in the search index: a query's scores
// counted 32 advisors at a time instead of one advisor at a time (ADR 71).

export type Bits = Uint32Array;

export const bitsFor = (slots: number): Bits => new Uint32Array(Math.ceil(slots / 32));

export function setBit(bits: Bits, slot: number) {
  bits[slot >>> 5]! |= 1 << (slot & 31);
}

export function hasBit(bits: Bits, slot: number): boolean {
  return (bits[slot >>> 5]! & (1 << (slot & 31))) !== 0;
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function countBits(bits: Bits): number {
  let count = 0;
  for (let i = 0; i < bits.length; i++) if (bits[i]) count += popcount32(bits[i]!);
  return count;
}

/** Calls `each` with every set slot, lowest first. */
export function forEachBit(bits: Bits, each: (slot: number) => void) {
  for (let i = 0; i < bits.length; i++) {
    let word = bits[i]!;
    while (word !== 0) {
      const low = word & -word;
      each((i << 5) + 31 - Math.clz32(low));
      word ^= low;
    }
  }
}

/**
 * Per slot, how many of the added sets hold it, kept as binary digits across bit planes
 * (plane j holds digit j of every slot's count), so adding a set is a few word operations.
 */
export class BitCounter {
  readonly #planes: Bits[] = [];
  readonly #words: number;

  constructor(words: number) {
    this.#words = words;
  }

  /** Adds one to the count of every slot in `bits`, or only those in `bits` but not `unless`. */
  add(bits: Bits, unless?: Bits) {
    for (let i = 0; i < this.#words; i++) {
      let carry = unless ? bits[i]! & ~unless[i]! : bits[i]!;
      for (let j = 0; carry !== 0; j++) {
        if (j === this.#planes.length) this.#planes.push(new Uint32Array(this.#words));
        const plane = this.#planes[j]!;
        const next = plane[i]! & carry;
        plane[i] = plane[i]! ^ carry;
        carry = next;
      }
    }
  }

  /** The slots whose count is exactly `count` (above zero). */
  exactly(count: number): Bits {
    const out = new Uint32Array(this.#words);
    for (let i = 0; i < this.#words; i++) {
      let match = ~0;
      for (let j = 0; j < this.#planes.length; j++) {
        const digit = this.#planes[j]![i]!;
        match &= (count >>> j) & 1 ? digit : ~digit;
      }
      out[i] = count >>> this.#planes.length === 0 ? match : 0;
    }
    return out;
  }
}
