import { Save } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { ProfileValues } from "../../../core/advisor-profile";
import { profileEditSchema } from "../../../core/forms/advisor-profile";
import { HEADSHOT_MESSAGES, PROFILE_EDIT_MESSAGES as M } from "../../../core/messages/advisor";
import { useFetcherForm } from "../../lib/fetcher-form";
import { Button } from "../ui/button";
import { FormSummary } from "../ui/form-summary";
import { HeadshotField } from "./headshot-field";
import { ProfileCards, SectionCard } from "./profile-sections";

/** What the save action answers (the redirect on success never reaches the form). */
export type ProfileSaveAnswer =
  { ok: false; message: string; fieldErrors?: Record<string, string> } | { ok: true };

export type ProfileEditFormProps = {
  /** "advisor" edits one's own profile (saves go to review); "admin" edits anyone's. */
  mode: "advisor" | "admin";
  advisorId: string;
  initial: ProfileValues;
  headshotUrl: string | null;
  /** The route whose action saves: it gets `{ values }` as JSON and answers ProfileSaveAnswer. */
  action: string;
  cancelTo: string;
};

/**
 * The shared advisor profile form: every field of the profile, the photo (uploaded and saved
 * on its own) and the weekly availability. The server checks everything again on save.
 */
export function ProfileEditForm({
  mode,
  advisorId,
  initial,
  headshotUrl,
  action,
  cancelTo,
}: ProfileEditFormProps) {
  const [photo, setPhoto] = useState(headshotUrl);
  const { form, busy, summary } = useFetcherForm(profileEditSchema, {
    id: "profile",
    initial,
    send: (values, submit) =>
      void submit({ values }, { method: "post", action, encType: "application/json" }),
    invalid: M.validationError,
  });
  return (
    <form {...form.props} className="grid gap-6">
      <SectionCard title="Photo">
        <HeadshotField
          id="profile-headshot"
          url={photo}
          onUploaded={setPhoto}
          advisorId={mode === "admin" ? advisorId : undefined}
          successMessage={HEADSHOT_MESSAGES.photoSaved}
          failure={{ title: HEADSHOT_MESSAGES.photoFailed }}
        />
      </SectionCard>
      <ProfileCards
        form={form}
        titles={{ details: "Professional details", pricing: "Pricing and expertise" }}
        idPrefix="profile"
      />
      <FormSummary {...summary} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={cancelTo}>Cancel</Link>
        </Button>
        <Button type="submit" disabled={busy}>
          <Save aria-hidden="true" />
          {busy ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
