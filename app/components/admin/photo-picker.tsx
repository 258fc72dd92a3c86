import { Camera, UserRound } from "lucide-react";
import { useEffect, useMemo, useRef } from "react";
import { Button } from "../ui/button";

/**
 * Picks a photo to send with the surrounding form (not uploaded on its own: the advisor it
 * belongs to does not exist yet). Shows a preview; the form checks type and size.
 */
export function PhotoPicker({
  id,
  file,
  onChange,
  error,
}: {
  id: string;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(
    () => (file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return (
    <div className="grid gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-ink">
        Professional headshot
      </span>
      <div className="flex flex-wrap items-center gap-4">
        {preview ? (
          <img
            src={preview}
            alt="Chosen headshot"
            className="size-20 rounded-full bg-brand-50 object-cover"
          />
        ) : (
          <span className="inline-flex size-20 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <UserRound className="size-9" aria-hidden="true" />
          </span>
        )}
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/*"
          className="sr-only"
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
        <Button type="button" variant="outline" onClick={() => input.current?.click()}>
          <Camera aria-hidden="true" />
          {file ? "Change photo" : "Choose photo"}
        </Button>
        {file ? <span className="min-w-0 truncate text-sm text-muted">{file.name}</span> : null}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted">
          An image under 5MB; it is cropped to a square.
        </p>
      )}
    </div>
  );
}
