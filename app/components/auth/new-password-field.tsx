import { PASSWORD_MIN_LENGTH } from "../../../core/auth-rules";
import type { FieldName, FormSchema } from "../../../core/form";
import { AUTH_MESSAGES } from "../../../core/messages/auth";
import type { ZodForm } from "../../lib/forms";
import { FormField } from "../ui/form-field";
import { Input } from "../ui/input";

/** A field for choosing a password, with the minimum length the schema enforces as its hint. */
export function NewPasswordField<S extends FormSchema>({
  form,
  name,
  label,
}: {
  form: ZodForm<S>;
  name: FieldName<S>;
  label: string;
}) {
  return (
    <FormField form={form} name={name} label={label} hint={AUTH_MESSAGES.passwordHint}>
      <Input type="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} />
    </FormField>
  );
}
