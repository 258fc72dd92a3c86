import { useState } from "react";
import { HEADSHOT_MAX_BYTES } from "../../../core/advisor-fields";
import { HEADSHOT_MESSAGES as M } from "../../../core/messages/advisor";
import type { FieldHost } from "../../lib/forms";
import { FormField } from "./form-field";
import { ImageInput } from "./image-input";
import { toast } from "./toaster";

/**
 * A photo uploaded as soon as it is picked (POST multipart `file`, plus `fields`, to
 * `uploadUrl`, which answers `{ ok, url }` or `{ ok: false, message }`). The browser checks
 * type and size first to save a round trip; the server checks again and has the final word.
 * A refused photo's message shows beside the field like any other error; a failed upload is a
 * toast (an event). The advisor's headshot and a person's profile photo both use it.
 */
export function PhotoField({
  id,
  name = "photo",
  label,
  hint,
  alt,
  error,
  url,
  uploadUrl,
  fields,
  onUploaded,
  successMessage,
  failure,
}: {
  /** The file input's id (the surrounding form's id for the field). */
  id: string;
  /** The file input's name (it is never submitted: the upload is its own request). */
  name?: string;
  label: string;
  hint: string;
  alt: string;
  /** The surrounding form's error for the photo (e.g. "Professional headshot is required"). */
  error?: string;
  url: string | null;
  uploadUrl: string;
  /** More form fields sent with the file. */
  fields?: Record<string, string>;
  onUploaded: (url: string) => void;
  successMessage: string;
  failure: { title: string; description?: string };
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The field's own host: its id, and the photo's problem before the form's error.
  const host: FieldHost<string> = {
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
      for (const [name, value] of Object.entries(fields ?? {})) body.set(name, value);
      const response = await fetch(uploadUrl, { method: "POST", body });
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
    <FormField form={host} name={name} label={label} hint={hint}>
      <ImageInput
        preview={url}
        alt={alt}
        busy={busy}
        action={busy ? "Uploading..." : url ? "Replace photo" : "Upload photo"}
        onPick={(file) => void upload(file)}
      />
    </FormField>
  );
}
