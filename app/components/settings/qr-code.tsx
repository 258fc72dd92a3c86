import type { QrMatrix } from "../../../core/account-security";

/** A QR code drawn as one SVG path, dark modules on white with the quiet zone around. */
export function QrCode({ matrix, label }: { matrix: QrMatrix; label: string }) {
  let d = "";
  matrix.rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) if (row[x] === "1") d += `M${x + 4} ${y + 4}h1v1h-1z`;
  });
  const size = matrix.size + 8;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="size-48 rounded-lg border border-line bg-white"
      shapeRendering="crispEdges"
    >
      <path d={d} fill="#000" />
    </svg>
  );
}
