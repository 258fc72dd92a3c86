import { Save } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { NAME_MAX_LENGTH } from "../../../core/forms/auth";
import { profileSettingsSchema } from "../../../core/forms/settings";
import { SETTINGS_MESSAGES as M } from "../../../core/messages/settings";
import { formatPhone } from "../../../core/phone";
import { DEFAULT_TIME_ZONE, guessTimeZone, timeZoneOptions } from "../../../core/time-zones";
import { useZodForm } from "../../lib/forms";
import { zoneLabel } from "../availability/time-zone-select";
import { useBrowserTimeZone } from "../booking/use-json";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { FormField } from "../ui/form-field";
import { Input, Select } from "../ui/input";
import { PhotoField } from "../ui/photo-field";
import { toast } from "../ui/toaster";

export const PROFILE_PHOTO_URL = "/api/profile-photo";

/** What the Profile section shows (server/accounts/profile.server.ts). */
export type ProfileView = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  /** When the number was proved by a code (issue 41); null: not verified. */
  phoneVerifiedAt: Date | string | null;
  timeZone: string | null;
  photoUrl: string | null;
  advisor: { id: string; headshotUrl: string | null } | null;
};

/** The Profile section: the photo (saved on its own as soon as it is picked), then the form. */
export function ProfileSection({
  profile,
  actionData,
}: {
  profile: ProfileView;
  actionData: object | undefined;
}) {
  return (
    <>
      <Card className="grid gap-4 p-6">
        <h2 className="text-lg font-semibold">Photo</h2>
        {profile.advisor ? (
          <AdvisorPhoto advisor={profile.advisor} />
        ) : (
          <OwnPhoto profile={profile} />
        )}
      </Card>
      <Card className="p-6">
        <ProfileForm profile={profile} actionData={actionData} />
      </Card>
    </>
  );
}

function OwnPhoto({ profile }: { profile: ProfileView }) {
  const [url, setUrl] = useState(profile.photoUrl);
  const [removing, setRemoving] = useState(false);
  const remove = async () => {
    setRemoving(true);
    try {
      const body = new FormData();
      body.set("intent", "remove");
      const response = await fetch(PROFILE_PHOTO_URL, { method: "POST", body });
      if (!response.ok) throw new Error(String(response.status));
      setUrl(null);
      toast.success(M.photoRemoved);
    } catch {
      toast.error("Failed to remove your photo. Please try again.");
    } finally {
      setRemoving(false);
    }
  };
  return (
    <div className="grid gap-3">
      <PhotoField
        id="profile-photo"
        label="Profile photo"
        hint={M.photoHint}
        alt="Your profile photo"
        url={url}
        uploadUrl={PROFILE_PHOTO_URL}
        onUploaded={setUrl}
        successMessage={M.photoSaved}
        failure={{ title: "Upload failed", description: "Failed to upload photo" }}
      />
      {url ? (
        <div>
          <Button type="button" variant="ghost" disabled={removing} onClick={() => void remove()}>
            Remove photo
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function AdvisorPhoto({ advisor }: { advisor: NonNullable<ProfileView["advisor"]> }) {
  return (
    <div className="flex flex-wrap items-center gap-4">
      {advisor.headshotUrl ? (
        <img
          src={advisor.headshotUrl}
          alt="Your headshot"
          className="size-20 shrink-0 rounded-full object-cover ring-1 ring-line"
        />
      ) : null}
      <p className="min-w-0 text-sm text-muted">
        {M.advisorPhoto}{" "}
        <Link
          to={`/advisor/${advisor.id}/edit`}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          Edit your advisor profile
        </Link>
      </p>
    </div>
  );
}

function ProfileForm({
  profile,
  actionData,
}: {
  profile: ProfileView;
  actionData: object | undefined;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const form = useZodForm(profileSettingsSchema, { id: "profile", result: actionData });
  const browserZone = useBrowserTimeZone();
  // Without a chosen zone, the one the app uses today: this browser's (known once hydrated).
  const zone =
    profile.timeZone ?? (browserZone ? guessTimeZone({ browserZone }) : DEFAULT_TIME_ZONE);
  const submitted = form.defaultValue("timeZone");
  const shownZone = submitted ?? zone;
  useEffect(() => {
    if (actionData && "saved" in actionData) toast.success(M.profileSaved);
  }, [actionData]);

  return (
    <Form method="post" {...form.props} aria-labelledby="profile-heading" className="grid gap-5">
      <h2 id="profile-heading" className="text-lg font-semibold">
        Your details
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField form={form} name="firstName" label="First name">
          <Input
            autoComplete="given-name"
            required
            maxLength={NAME_MAX_LENGTH}
            defaultValue={profile.firstName}
          />
        </FormField>
        <FormField form={form} name="lastName" label="Last name">
          <Input
            autoComplete="family-name"
            required
            maxLength={NAME_MAX_LENGTH}
            defaultValue={profile.lastName}
          />
        </FormField>
      </div>
      <div className="grid gap-1.5">
        <p className="text-sm font-medium text-ink">Email</p>
        <p className="[overflow-wrap:anywhere] text-muted">{profile.email}</p>
      </div>
      <FormField form={form} name="phone" label="Phone number" hint={M.phoneHint}>
        <Input
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={40}
          defaultValue={profile.phone ? formatPhone(profile.phone) : ""}
        />
      </FormField>
      {profile.phone ? (
        <p className="-mt-3 text-sm text-muted" data-testid="phone-status">
          {profile.phoneVerifiedAt ? (
            "Verified. A new number needs verifying again."
          ) : (
            <>
              Not verified.{" "}
              <Link
                to="/settings/notifications"
                className="font-medium text-brand-700 underline underline-offset-2"
              >
                Verify it under Notifications
              </Link>{" "}
              to get WhatsApp or SMS.
            </>
          )}
        </p>
      ) : null}
      <FormField
        form={form}
        name="timeZone"
        label="Time zone"
        hint={
          profile.timeZone
            ? M.timeZoneHint
            : `${M.timeZoneHint} Until you save one, we use this browser's.`
        }
      >
        {/* Keyed by the zone: known only once hydrated, it then becomes the selection. */}
        <Select key={shownZone} defaultValue={shownZone}>
          {timeZoneOptions(shownZone).map((option) => (
            <option key={option} value={option}>
              {zoneLabel(option)}
            </option>
          ))}
        </Select>
      </FormField>
      <div>
        <Button type="submit" disabled={saving}>
          <Save aria-hidden="true" />
          {saving ? "Saving..." : "Save changes"}
        </Button>
      </div>
    </Form>
  );
}
