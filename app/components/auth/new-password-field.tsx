import { PASSWORD_MIN_LENGTH } from "../../../core/auth-rules";
import { Field, Input } from "../ui/input";

/** A field for choosing a password, with the minimum length the server enforces. */
export function NewPasswordField({ id, label }: { id: string; label: string }) {
  return (
    <Field id={id} label={label} hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}>
      <Input
        id={id}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
      />
    </Field>
  );
}
