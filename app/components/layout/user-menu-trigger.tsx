import type { ViewerSummary } from "../../lib/viewer";

/*
 * The avatar button's look, shared by the placeholder (user-menu.tsx) and the loaded menu
 * (user-menu-dropdown.tsx) so the swap does not show.
 */
export const TRIGGER_CLASS =
  "grid size-10 place-items-center overflow-hidden rounded-full bg-brand-700 text-sm font-semibold text-white uppercase hover:bg-brand-800";

export const viewerName = (viewer: ViewerSummary) =>
  `${viewer.firstName} ${viewer.lastName}`.trim();

/** Their photo, else the initials, are a picture of the person; the name says whose menu it is. */
export function TriggerFace({ viewer }: { viewer: ViewerSummary }) {
  const initials = (viewer.firstName[0] ?? "") + (viewer.lastName[0] ?? "");
  return (
    <>
      {viewer.photoUrl ? (
        <img src={viewer.photoUrl} alt="" className="size-full object-cover" />
      ) : (
        <span aria-hidden="true">{initials || "?"}</span>
      )}
      <span className="sr-only">Account menu for {viewerName(viewer)}</span>
    </>
  );
}
