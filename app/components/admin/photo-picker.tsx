import { useEffect, useMemo } from "react";
import { ImageInput } from "../ui/image-input";

/**
 * Picks a photo to send with the surrounding form (not uploaded on its own: the advisor it
 * belongs to does not exist yet). A bare control for <FormField>: `value` is the chosen file,
 * `onChange` gets the next one; the form checks type and size. Shows a preview.
 */
export function PhotoPicker({
  value = null,
  onChange,
  ...input
}: {
  id?: string;
  name?: string;
  value?: File | null;
  onChange?: (file: File | null) => void;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const preview = useMemo(
    () => (value && value.type.startsWith("image/") ? URL.createObjectURL(value) : null),
    [value],
  );
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return (
    <ImageInput
      {...input}
      preview={preview}
      alt="Chosen headshot"
      action={value ? "Change photo" : "Choose photo"}
      detail={value?.name}
      onPick={(file) => onChange?.(file)}
    />
  );
}
