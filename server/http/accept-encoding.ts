/**
 * Whether a stored gzip body may be sent for this `Accept-Encoding`, deciding as Express's
 * `req.acceptsEncodings("gzip", "identity") === "gzip"` does: gzip when the header accepts it
 * (by name or `*`) at least as much as the plain body. The plain body is acceptable unless the
 * header refuses it; when the header does not name it, it ranks with the lowest weight given.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let gzip: number | undefined;
  let identity: number | undefined;
  let any: number | undefined;
  let lowest = 1;
  for (const part of header.split(",")) {
    const [rawName, ...params] = part.split(";");
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    const qParam = params.find((p) => p.trim().toLowerCase().startsWith("q="));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    const weight = Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0;
    lowest = Math.min(lowest, weight);
    if (name === "gzip") gzip = weight;
    else if (name === "identity") identity = weight;
    else if (name === "*") any = weight;
  }
  const gzipWeight = gzip ?? any ?? 0;
  return gzipWeight > 0 && gzipWeight >= (identity ?? any ?? lowest);
}
