import { type ComponentType, useEffect, useState } from "react";
import type { ViewerSummary } from "../../lib/viewer";
import { whenIdle } from "../../lib/when-idle";

type Dropdown = ComponentType<{ viewer: ViewerSummary; defaultOpen: boolean }>;

export const TRIGGER_CLASS =
  "grid size-10 place-items-center rounded-full bg-brand-700 text-sm font-semibold text-white uppercase hover:bg-brand-800";

export const viewerName = (viewer: ViewerSummary) =>
  `${viewer.firstName} ${viewer.lastName}`.trim();

/** The initials are a picture of the person; the name says whose menu it is. */
export function TriggerFace({ viewer }: { viewer: ViewerSummary }) {
  const initials = (viewer.firstName[0] ?? "") + (viewer.lastName[0] ?? "");
  return (
    <>
      <span aria-hidden="true">{initials || "?"}</span>
      <span className="sr-only">Account menu for {viewerName(viewer)}</span>
    </>
  );
}

let dropdown: Promise<Dropdown> | null = null;
const loadDropdown = () =>
  (dropdown ??= import("./user-menu-dropdown").then((module) => module.default));

/**
 * The avatar menu of a signed-in person. Its menu code (radix DropdownMenu) loads once the page is
 * idle; until then the same-looking button loads it and opens the menu when pressed.
 */
export function UserMenu({ viewer }: { viewer: ViewerSummary }) {
  const [Menu, setMenu] = useState<Dropdown | null>(null);
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    const cancel = whenIdle(() => void loadDropdown().then((m) => live && setMenu(() => m)));
    return () => {
      live = false;
      cancel();
    };
  }, []);
  if (Menu) return <Menu viewer={viewer} defaultOpen={openWhenLoaded} />;
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={TRIGGER_CLASS}
      onClick={() => {
        setOpenWhenLoaded(true);
        void loadDropdown().then((m) => setMenu(() => m));
      }}
    >
      <TriggerFace viewer={viewer} />
    </button>
  );
}
