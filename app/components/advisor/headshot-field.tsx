import { HEADSHOT_MESSAGES as M } from "../../../core/messages/advisor";
import { PhotoField } from "../ui/photo-field";

export const HEADSHOT_UPLOAD_URL = "/api/advisor/headshot";

/**
 * The headshot, uploaded as soon as it is picked (POST multipart to /api/advisor/headshot,
 * field `file`, plus `advisorId` in admin mode), through the shared PhotoField.
 */
export function HeadshotField({
  id,
  error,
  url,
  onUploaded,
  advisorId,
  successMessage = M.uploaded,
  failure = { title: M.uploadFailedTitle, description: M.uploadFailed },
}: {
  /** The file input's id (the surrounding form's id for the field). */
  id: string;
  /** The surrounding form's error for the photo (e.g. "Professional headshot is required"). */
  error?: string;
  url: string | null;
  onUploaded: (url: string) => void;
  /** Admin mode: whose photo to replace. Ignored by the server for everyone else. */
  advisorId?: string;
  successMessage?: string;
  /** The toast when the upload itself fails (the wizard's and the edit form's differ). */
  failure?: { title: string; description?: string };
}) {
  return (
    <PhotoField
      id={id}
      name="headshot"
      label="Professional headshot"
      hint="A clear, friendly photo of your face. JPG, PNG or WebP, less than 5MB."
      alt="Your headshot"
      error={error}
      url={url}
      uploadUrl={HEADSHOT_UPLOAD_URL}
      fields={advisorId ? { advisorId } : undefined}
      onUploaded={onUploaded}
      successMessage={successMessage}
      failure={failure}
    />
  );
}
