import { Camera, Loader2, UserRound } from "lucide-react";
import { type ChangeEvent, useRef, useState } from "react";
import { HEADSHOT_MAX_BYTES } from "../../../core/advisor-fields";
import { HEADSHOT_MESSAGES as M } from "../../../core/messages/advisor";
import { Button } from "../ui/button";
import { toast } from "../ui/toaster";

export const HEADSHOT_UPLOAD_URL = "/api/advisor/headshot";

/**
 * Picks and uploads a headshot at once (POST multipart to /api/advisor/headshot, field
 * `file`, plus `advisorId` in admin mode). The browser checks type and size first to save a
 * round trip; the server checks again and has the final word.
 */
export function HeadshotField({
  id,
  url,
  onUploaded,
  advisorId,
  successMessage = M.uploaded,
  failure = { title: M.uploadFailedTitle, description: M.uploadFailed },
  error,
}: {
  id: string;
  url: string | null;
  onUploaded: (url: string) => void;
  /** Admin mode: whose photo to replace. Ignored by the server for everyone else. */
  advisorId?: string;
  successMessage?: string;
  /** The toast when the upload itself fails (the wizard's and the edit form's differ). */
  failure?: { title: string; description?: string };
  error?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ""; // the same file can be picked again after a failure
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

  const shown = problem ?? error;
  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="grid size-24 shrink-0 place-items-center overflow-hidden rounded-full bg-slate-100 ring-1 ring-line">
        {url ? (
          <img src={url} alt="Your headshot" className="size-full object-cover" />
        ) : (
          <UserRound className="size-10 text-slate-400" aria-hidden="true" />
        )}
      </div>
      <div className="grid gap-1.5">
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/*"
          className="sr-only"
          onChange={(e) => void upload(e)}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : `${id}-hint`}
        />
        <Button
          type="button"
          variant="outline"
          disabled={busy}
          onClick={() => input.current?.click()}
          className="justify-self-start"
        >
          {busy ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Camera aria-hidden="true" />
          )}
          {busy ? "Uploading..." : url ? "Replace photo" : "Upload photo"}
        </Button>
        <p id={`${id}-hint`} className="text-xs text-muted">
          A clear, friendly photo of your face. JPG, PNG or WebP, less than 5MB.
        </p>
        {shown ? (
          <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
            {shown}
          </p>
        ) : null}
      </div>
    </div>
  );
}
