// Structures over the words the search index knows: which hold a fragment, which are one
// edit from a word (ADR 71).

/** Words by the three-letter pieces they contain: which words hold a fragment, without a scan. */
export class SubstringIndex {
  readonly #byTrigram = new Map<string, Set<string>>();

  static trigrams(word: string): Set<string> {
    const pieces = new Set<string>();
    for (let i = 0; i + 3 <= word.length; i++) pieces.add(word.slice(i, i + 3));
    return pieces;
  }

  add(word: string) {
    for (const piece of SubstringIndex.trigrams(word)) {
      let words = this.#byTrigram.get(piece);
      if (!words) this.#byTrigram.set(piece, (words = new Set()));
      words.add(word);
    }
  }

  remove(word: string) {
    for (const piece of SubstringIndex.trigrams(word)) {
      const words = this.#byTrigram.get(piece);
      words?.delete(word);
      if (words?.size === 0) this.#byTrigram.delete(piece);
    }
  }

  /** The words that share at least one three-letter piece with `word`. */
  sharingPieces(word: string): Set<string> {
    const words = new Set<string>();
    for (const piece of SubstringIndex.trigrams(word))
      for (const w of this.#byTrigram.get(piece) ?? []) words.add(w);
    return words;
  }

  /** The words that contain `fragment` (three characters or more). */
  find(fragment: string): string[] {
    let rarest: Set<string> | undefined;
    for (const piece of SubstringIndex.trigrams(fragment)) {
      const words = this.#byTrigram.get(piece);
      if (!words) return [];
      if (!rarest || words.size < rarest.size) rarest = words;
    }
    return rarest ? [...rarest].filter((w) => w.includes(fragment)) : [];
  }
}

/** A word and each way of deleting one of its letters. */
export function deletionsOf(word: string): Set<string> {
  const keys = new Set([word]);
  for (let i = 0; i < word.length; i++) keys.add(word.slice(0, i) + word.slice(i + 1));
  return keys;
}
