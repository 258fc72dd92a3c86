/** A piece of a suggestion's text, and whether it is the start of a word that was typed. */
export type TextPart = { text: string; typed: boolean };

/** One character without case or accents ("É" → "e"). */
const fold = (char: string) => char.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** How many of `word`'s characters the typed word `typed` (folded) covers, or 0. */
function coveredBy(word: readonly string[], typed: string): number {
  let folded = "";
  for (let i = 0; i < word.length; i++) {
    folded += fold(word[i]!);
    if (folded === typed) return i + 1;
    if (!typed.startsWith(folded)) return 0;
  }
  return 0;
}

/**
 * Splits a suggestion into parts, marking the start of each word that one of the typed words
 * begins (case and accents ignored, as the server matches them), so a box can show why it was
 * offered: "reloc" marks "Reloc" in "Relocating to Canada".
 */
export function typedParts(text: string, typed: string): TextPart[] {
  const typedWords = Array.from(typed).map(fold).join("").split(/\s+/).filter(Boolean);
  const parts: TextPart[] = [];
  const push = (piece: string, isTyped: boolean) => {
    if (!piece) return;
    const last = parts.at(-1);
    if (last && last.typed === isTyped) last.text += piece;
    else parts.push({ text: piece, typed: isTyped });
  };
  for (const [piece] of text.matchAll(/\s+|\S+/g)) {
    const chars = Array.from(piece);
    const covered = Math.max(0, ...typedWords.map((t) => coveredBy(chars, t)));
    push(chars.slice(0, covered).join(""), true);
    push(chars.slice(covered).join(""), false);
  }
  return parts;
}
