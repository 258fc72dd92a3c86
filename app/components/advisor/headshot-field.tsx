import { useState } from "react";
import { HEADSHOT_MAX_BYTES } from "../../../core/advisor-fields";
import { HEADSHOT_MESSAGES as M } from "../../../core/messages/advisor";
import type { FieldHost } from "../../lib/forms";
import { FormField } from "../ui/form-field";
import { ImageInput } from "../ui/image-input";
import { toast } from "../ui/toaster";

export const HEADSHOT_UPLOAD_URL = "/api/advisor/headshot";

/**
 * The headshot, uploaded as soon as it is picked (POST multipart to /api/advisor/headshot,
 * field `file`, plus `advisorId` in admin mode). The browser checks type and size first to
 * save a round trip; the server checks again and has the final word. A refused photo's
 * message shows beside the field like any other error; a failed upload is a toast (an event).
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
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The field's own host: its id, and the photo's problem before the form's error.
  const host: FieldHost<"headshot"> = {
    id: () => id,
    errorId: () => `${id}-error`,
    error: () => problem ?? error,
    defaultValue: () => undefined,
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith("image/")) return setProblem(M.notAnImage);
    if (file.size >= HEADSHOT_MAX_BYTES) return setProblem(M.tooLarge);
    setProblem(null);
    setBusy(true);
    try {
      const body = new FormData();
      body.set("file", file);
      if (advisorId) body.set("advisorId", advisorId);
      const response = await fetch(HEADSHOT_UPLOAD_URL, { method: "POST", body });
      const answer = (await response.json().catch(() => null)) as
        { ok: true; url: string } | { ok: false; message: string } | null;
      if (answer?.ok) {
        onUploaded(answer.url);
        toast.success(successMessage);
      } else if (answer && response.status === 400) {
        setProblem(answer.message);
      } else {
        toast.error(failure.title, { description: failure.description });
      }
    } catch {
      toast.error(failure.title, { description: failure.description });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormField
      form={host}
      name="headshot"
      label="Professional headshot"
      hint="A clear, friendly photo of your face. JPG, PNG or WebP, less than 5MB."
    >
      <ImageInput
        preview={url}
        alt="Your headshot"
        busy={busy}
        action={busy ? "Uploading..." : url ? "Replace photo" : "Upload photo"}
        onPick={(file) => void upload(file)}
      />
    </FormField>
  );
}
