"use client";

import { useEffect, useRef } from "react";
import { createUser } from "@/lib/console/settings/actions";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ROLE_LABELS, ROLES } from "@/lib/console/auth/roles";
import { FormStatus } from "./form-status";
import { SelectField } from "@/components/ui/select-field";
import { fieldError, useFormAction } from "./use-form-action";

/** A refused form keeps what the admin typed (useFormAction); a success empties it. */
export function CreateUserForm() {
  const [result, submit, pending, typed] = useFormAction(createUser);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.ok) form.current?.reset();
  }, [result]);

  return (
    <form
      ref={form}
      action={submit}
      className="flex flex-col gap-4 border-t border-zinc-200 pt-4 dark:border-zinc-800"
      noValidate
      aria-labelledby="create-user-heading"
    >
      <h3 id="create-user-heading" className="font-medium">
        Add a user
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" name="name" autoComplete="off" required defaultValue={typed.name} error={fieldError(result, "name")} />
        <Field label="Email" name="email" type="email" autoComplete="off" required defaultValue={typed.email} error={fieldError(result, "email")} />
        <SelectField key={typed.role ?? "agent"} label="Role" name="role" defaultValue={typed.role ?? "agent"} error={fieldError(result, "role")}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
        <Field
          label="Initial password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={12}
          required
          defaultValue={typed.password}
          error={fieldError(result, "password") ?? undefined}
          placeholder="At least 12 characters"
        />
      </div>
      <FormStatus result={result} success={result?.ok ? `${result.data.email} can now sign in.` : undefined} />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? "Adding…" : "Add user"}
        </Button>
      </div>
    </form>
  );
}
