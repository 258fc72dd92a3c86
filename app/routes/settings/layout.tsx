import { NavLink, Outlet } from "react-router";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { SETTINGS_SECTIONS } from "../../components/settings/settings-sections";
import { cn } from "../../lib/cn";

export const handle: CacheHandle = { cache: NOT_KEPT };

/** The account centre: one heading, a tab per section, and the section below. */
export default function SettingsLayout() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold">Settings</h1>
      <nav aria-label="Settings" className="mt-6 flex gap-1 overflow-x-auto border-b border-line">
        {SETTINGS_SECTIONS.map((section) => (
          <NavLink
            key={section.to}
            to={section.to}
            end
            className={({ isActive }) =>
              cn(
                "-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap",
                isActive
                  ? "border-brand-700 text-brand-800"
                  : "border-transparent text-muted hover:text-ink",
              )
            }
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
      <div className="mt-6 grid gap-6">
        <Outlet />
      </div>
    </div>
  );
}
