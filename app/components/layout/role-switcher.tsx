import { useEffect } from "react";
import { useFetcher } from "react-router";
import { ROLE_LABELS } from "../../../core/roles";
import type { ViewerSummary } from "../../lib/viewer";
import { toast } from "../ui/toaster";
import { Select } from "../ui/input";

/** "Viewing as:" for people with more than one role; the server checks every switch. */
export function RoleSwitcher({ viewer, className }: { viewer: ViewerSummary; className?: string }) {
  const fetcher = useFetcher<{ ok: boolean; error?: string }>();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) {
      toast.error("Error", { description: fetcher.data.error });
    }
  }, [fetcher.state, fetcher.data]);
  if (viewer.roles.length < 2) return null;
  const shown = (fetcher.formData?.get("role") as string | null) ?? viewer.role;
  return (
    <label className={`flex items-center gap-2 text-sm text-muted ${className ?? ""}`}>
      Viewing as:
      <Select
        name="role"
        value={shown}
        onChange={(e) =>
          fetcher.submit({ role: e.target.value }, { method: "post", action: "/api/role" })
        }
        className="h-9 w-auto px-2 font-medium"
      >
        {viewer.roles.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </Select>
    </label>
  );
}
