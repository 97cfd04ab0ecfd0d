import { Field } from "@/components/ui/field";
import type { ActionResult } from "@/lib/console/action";
import { fieldError, type Typed } from "@/components/settings/use-form-action";

/**
 * The new password, typed twice: the fields of both the change and the reset forms (at least 12
 * characters, as the server asks). A refused form keeps them (`typed`), so a wrong current password or a
 * mismatch does not mean typing both again.
 */
export function NewPasswordFields({ result, typed, autoFocus = false }: { result: ActionResult<unknown> | null; typed: Typed; autoFocus?: boolean }) {
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
        defaultValue={typed.password}
        error={fieldError(result, "password")}
      />
      <Field
        label="Confirm the new password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        defaultValue={typed.confirm}
        error={fieldError(result, "confirm")}
      />
    </>
  );
}
