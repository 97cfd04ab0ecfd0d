import { Field } from "@/components/ui/field";
import type { ActionResult } from "@/lib/console/action";
import { fieldError } from "@/components/settings/use-form-action";

/** The new password, typed twice: the fields of both the change and the reset forms (at least 12 characters, as the server asks). */
export function NewPasswordFields({ result, autoFocus = false }: { result: ActionResult<unknown> | null; autoFocus?: boolean }) {
  return (
    <>
      <Field
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={12}
        required
        autoFocus={autoFocus}
        placeholder="At least 12 characters"
        error={fieldError(result, "password")}
      />
      <Field label="Confirm the new password" name="confirm" type="password" autoComplete="new-password" required error={fieldError(result, "confirm")} />
    </>
  );
}
