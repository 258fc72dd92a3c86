import { Loader2 } from "lucide-react";
import { useFetcher, useLocation } from "react-router";
import type { EditableProfile } from "../../../core/advisor-profile";
import { ProfileEditForm } from "../advisor/profile-edit-form";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogTrigger } from "../ui/dialog";

/**
 * View Profile: the advisor's profile in the shared edit form, admin mode (saving keeps the
 * status and is audited). Loaded when opened; Cancel or a save closes it.
 */
export function ViewProfileDialog({ advisorId, name }: { advisorId: string; name: string }) {
  const profile = useFetcher<EditableProfile>();
  const location = useLocation();
  const url = `/admin/advisors/${advisorId}/profile`;
  return (
    // A new location (after a save or Cancel) starts the dialog closed again.
    <Dialog key={location.key} onOpenChange={(open) => open && void profile.load(url)}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" aria-label={`View Profile: ${name}`}>
          View Profile
        </Button>
      </DialogTrigger>
      <DialogContent
        title={name}
        description="Edit the profile; its status stays as it is."
        className="max-w-4xl"
      >
        {profile.data ? (
          <ProfileEditForm
            mode="admin"
            advisorId={advisorId}
            initial={profile.data.values}
            headshotUrl={profile.data.headshotUrl}
            action={url}
            cancelTo="/admin/advisors"
          />
        ) : (
          <p className="flex items-center gap-2 text-muted" role="status">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading profile...
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
