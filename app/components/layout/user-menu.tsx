import { type ComponentType, useEffect, useState } from "react";
import type { ViewerSummary } from "../../lib/viewer";
import { whenIdle } from "../../lib/when-idle";
import { TRIGGER_CLASS, TriggerFace } from "./user-menu-trigger";

type Dropdown = ComponentType<{ viewer: ViewerSummary; defaultOpen: boolean }>;

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
