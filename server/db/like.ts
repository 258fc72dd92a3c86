/** Escapes LIKE's wildcards, so a typed `%` or `_` matches itself (backslash is the escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
