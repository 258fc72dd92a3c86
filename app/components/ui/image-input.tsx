import { Camera, Loader2, UserRound } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { Button } from "./button";

/**
 * A photo control: a round preview, a button that opens the file picker and, after it, a
 * detail (the chosen file's name). The file input itself is visually hidden but is the
 * control <FormField> labels and describes, so `id` and the ARIA props go to it.
 */
export function ImageInput({
  id,
  name,
  preview,
  alt,
  action,
  busy = false,
  detail,
  onPick,
  "aria-invalid": invalid,
  "aria-describedby": describedBy,
}: {
  id?: string;
  name?: string;
  preview: string | null;
  alt: string;
  /** The button's text, e.g. "Upload photo" or "Change photo". */
  action: string;
  busy?: boolean;
  detail?: ReactNode;
  onPick: (file: File | null) => void;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-full bg-brand-50 ring-1 ring-line">
        {preview ? (
          <img src={preview} alt={alt} className="size-full object-cover" />
        ) : (
          <UserRound className="size-9 text-brand-700" aria-hidden="true" />
        )}
      </div>
      <input
        ref={input}
        id={id}
        name={name}
        type="file"
        accept="image/*"
        className="sr-only"
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(e) => {
          const file = e.target.files?.[0] ?? null;
          e.target.value = ""; // the same file can be picked again after a failure
          onPick(file);
        }}
      />
      <Button
        type="button"
        variant="outline"
        disabled={busy}
        onClick={() => input.current?.click()}
      >
        {busy ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Camera aria-hidden="true" />
        )}
        {action}
      </Button>
      {detail ? <span className="min-w-0 truncate text-sm text-muted">{detail}</span> : null}
    </div>
  );
}
