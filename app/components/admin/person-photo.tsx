/** A round headshot, or the person's initials when there is none. */
export function PersonPhoto({
  url,
  firstName,
  lastName,
  size = 40,
}: {
  url: string | null;
  firstName: string;
  lastName: string;
  size?: number;
}) {
  const style = { width: size, height: size };
  if (url) {
    return (
      <img
        src={url}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        style={style}
        className="shrink-0 rounded-full bg-brand-50 object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={style}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
    >
      {(firstName[0] ?? "").toUpperCase()}
      {(lastName[0] ?? "").toUpperCase()}
    </span>
  );
}
