"use client";

import { saveLinkSettings } from "@/lib/console/settings/actions";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { Permissions } from "@/lib/contract";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { PERMISSION_LABELS } from "@/lib/console/permissions";
import { FormStatus } from "./form-status";
import { fieldError, typedChecked, typedOr, useFormAction } from "./use-form-action";

export function LinkSettingsForm({ webhookUrl, permissions }: { webhookUrl: string | null; permissions: Permissions }) {
  const [result, submit, pending, typed] = useFormAction(saveLinkSettings);
  const changed = result?.ok ? Object.keys(result.data.changed) : [];
  return (
    <form action={submit} className="flex flex-col gap-4" noValidate>
      <Field
        label="Webhook URL"
        name="webhook_url"
        type="url"
        inputMode="url"
        placeholder="https://helpdesk.example.com/hooks/cobrowse"
        defaultValue={typedOr(typed, "webhook_url", webhookUrl ?? "")}
        error={fieldError(result, "webhook_url")}
        aria-describedby="webhook-url-hint"
      />
      <p id="webhook-url-hint" className="-mt-3 text-xs text-zinc-500 dark:text-zinc-400">
        Sent with every co-browse link; it receives the session when it ends. Leave empty to send none.
      </p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-zinc-700 dark:text-zinc-300">Default permissions of new co-browse links</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {(Object.keys(PERMISSION_LABELS) as Array<keyof Permissions>).map((field) => (
            <CheckboxField key={field} name={field} label={PERMISSION_LABELS[field]} defaultChecked={typedChecked(typed, field, permissions[field])} />
          ))}
        </div>
      </fieldset>
      <FormStatus result={result} success={result?.ok ? (changed.length ? "Saved." : "Nothing changed.") : undefined} />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save link settings"}
        </Button>
      </div>
    </form>
  );
}
