import { FileText, Paperclip, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import {
  ATTACHMENT_ACCEPT,
  checkPickedFile,
  formatFileSize,
  type StoredAttachment,
} from "../../../core/attachments";
import { ATTACHMENT_MESSAGES as M } from "../../../core/messages/message-safety";
import { Button } from "../ui/button";

/** Where the composer's files go first (app/routes/api/message-attachments.ts). */
export const ATTACHMENT_UPLOAD_URL = "/api/messages/attachments";

type Upload = { ok: true; attachment: StoredAttachment } | { ok: false; message?: string };

/**
 * The composer's file picker (issue 39): choose a PDF, PNG, JPEG or DOCX up to 10MB; it is
 * checked here (size, and a name or type none of ours), uploaded at once, and shown by its
 * name and size with a Remove button. The server decides the kind from the bytes and answers
 * the stored file's metadata, which `onChange` hands the composer to send with the message.
 * Errors are shown beside the button in a polite live region, in the product's words.
 */
export function AttachmentPicker({
  value,
  onChange,
  disabled = false,
  max = 5,
}: {
  value: StoredAttachment[];
  onChange: (next: StoredAttachment[]) => void;
  disabled?: boolean;
  /** How many files one message may carry. */
  max?: number;
}) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    const refused = checkPickedFile(file);
    if (refused) {
      setError(refused);
      return;
    }
    setError(null);
    setUploading(true);
    try {
      const body = new FormData();
      body.set("file", file);
      const response = await fetch(ATTACHMENT_UPLOAD_URL, { method: "POST", body });
      const answer = (await response.json().catch(() => null)) as
        (Upload & { error?: string }) | null;
      if (answer?.ok) onChange([...value, answer.attachment]);
      else setError(answer?.message ?? answer?.error ?? M.uploadFailed);
    } catch {
      setError(M.uploadFailed);
    } finally {
      setUploading(false);
      if (input.current) input.current.value = "";
    }
  };

  return (
    <div className="grid min-w-0 gap-2">
      {value.length > 0 ? (
        <ul className="grid gap-1.5" aria-label="Attached files">
          {value.map((file) => (
            <li
              key={file.fileKey}
              className="flex min-w-0 items-center gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm"
            >
              <FileText className="size-4 shrink-0 text-muted" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                {file.fileName}{" "}
                <span className="whitespace-nowrap text-muted">
                  ({formatFileSize(file.byteSize)})
                </span>
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={M.remove(file.fileName)}
                onClick={() => onChange(value.filter((f) => f.fileKey !== file.fileKey))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={inputId}
          type="file"
          className="sr-only"
          // The button below is the control people use; this one only opens the file dialog.
          aria-hidden="true"
          tabIndex={-1}
          accept={ATTACHMENT_ACCEPT}
          aria-describedby={error ? errorId : `${inputId}-hint`}
          aria-invalid={error ? true : undefined}
          disabled={disabled || uploading || value.length >= max}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void upload(file);
          }}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || uploading || value.length >= max}
          onClick={() => input.current?.click()}
        >
          <Paperclip aria-hidden="true" /> {uploading ? M.uploading : M.chooseFile}
        </Button>
        <span id={`${inputId}-hint`} className="text-xs text-muted">
          {M.chooseHint}
        </span>
      </div>
      <p id={errorId} role="status" aria-live="polite" className="text-sm text-danger empty:hidden">
        {error ?? ""}
      </p>
    </div>
  );
}
