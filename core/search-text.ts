import stemWord from "wink-porter2-stemmer";

/**
 * Text as search compares it (ADR 71): without accents, lower case, "&" read as "and", and no
 * dot, hyphen or apostrophe inside a word, so "H-1B" reads "h1b", "U.S." "us" and "São" "sao".
 */
export function normaliseText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/(?<=[\p{L}\p{N}])[.\-'’‐‑](?=[\p{L}\p{N}])/gu, "");
}

/** The words of a text: normalised, split at anything that is not a letter or a digit. */
export function wordsOf(text: string): string[] {
  return normaliseText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "");
}

const stems = new Map<string, string>();
const KEPT_STEMS = 100_000;

/** A word's English stem (Porter2), so "salaries" and "salary" meet at "salari". */
export function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem !== undefined) return stem;
  stem = /^[a-z]+$/.test(word) ? stemWord(word) : word;
  // Remembered, since every word of every advisor and query is stemmed; bounded.
  if (stems.size >= KEPT_STEMS) stems.clear();
  stems.set(word, stem);
  return stem;
}

// Rows of the distance table, reused: a correction compares one word with many.
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/**
 * Edit distance between `a` and `b` (insertions, deletions, substitutions and swaps of two
 * neighbours), or `max + 1` as soon as it is certain to exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (rows[0]!.length <= b.length) rows = rows.map(() => new Int32Array(b.length * 2 + 1));
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, max + 1);
}
