"use client";

import { useActionState, useState, useTransition } from "react";
import { createApiKey, revokeApiKey } from "@/lib/console/settings/actions";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { HeadedTable, Td } from "@/components/ui/table";
import type { ActionResult } from "@/lib/console/action";
import type { ApiKeyScope, ApiKeySummary } from "@/lib/contract";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SelectField } from "@/components/ui/select-field";
import { fieldError } from "./use-form-action";

/** What a key may reach, as the table and the form say it. */
const SCOPE_LABELS: Record<ApiKeyScope, string> = { api: "API only", admin: "Admin" };

const utc = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "Never");

export function ApiKeys({ keys }: { keys: ApiKeySummary[] }) {
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const revoke = (key: ApiKeySummary) =>
    startTransition(async () => {
      const form = new FormData();
      form.set("keyId", key.id);
      const result = await revokeApiKey(form);
      setRevoking(null);
      setError(result.ok ? null : result.error);
    });

  return (
    <div className="flex flex-col gap-4">
      {keys.length === 0 ? (
        <EmptyState title="No API keys">Create one for each system that calls the API, so each can be revoked alone.</EmptyState>
      ) : (
        <HeadedTable caption="Secret API keys" columns={["Name", "Prefix", "Scope", "Created", "Last used", "Status", ""]}>
          {keys.map((key) => (
            <tr key={key.id} data-testid={`api-key-${key.name}`}>
              <Td className="font-medium">{key.name}</Td>
              <Td>
                <code className="font-mono text-xs">{key.prefix}…</code>
              </Td>
              <Td>
                <Badge tone={key.scope === "admin" ? "warning" : "neutral"}>{SCOPE_LABELS[key.scope]}</Badge>
              </Td>
              <Td className="whitespace-nowrap">{utc(key.created_at)}</Td>
              <Td className="whitespace-nowrap">{utc(key.last_used_at)}</Td>
              <Td>{key.revoked_at ? <Badge tone="danger">Revoked {utc(key.revoked_at)}</Badge> : <Badge tone="success">Active</Badge>}</Td>
              <Td>
                {key.revoked_at ? null : (
                  <Button variant="ghost" onClick={() => setRevoking(key)} aria-label={`Revoke ${key.name}`}>
                    Revoke
                  </Button>
                )}
              </Td>
            </tr>
          ))}
        </HeadedTable>
      )}
      {error ? <Alert>{error}</Alert> : null}
      <CreateKeyForm />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke the key “${revoking?.name ?? ""}”?`}
        description="Calls made with it are refused from now on. This cannot be undone."
        confirmLabel="Revoke key"
        pending={pending}
        onConfirm={() => revoking && revoke(revoking)}
        onClose={() => setRevoking(null)}
      />
    </div>
  );
}

/** Creates a key; its secret is shown once, in a dialog, and dropped from memory when the dialog closes. */
function CreateKeyForm() {
  const [shown, setShown] = useState<{ name: string; secret: string } | null>(null);
  const [result, submit, pending] = useActionState(async (_previous: ActionResult<unknown> | null, form: FormData) => {
    const created = await createApiKey(form);
    if (!created.ok) return created;
    setShown({ name: created.data.name, secret: created.data.secret });
    return { ok: true as const, data: null }; // the secret lives only in the dialog's state
  }, null);

  return (
    <form action={submit} className="flex flex-wrap items-end gap-3" noValidate>
      <Field label="New key name" name="name" placeholder="e.g. Helpdesk integration" required error={fieldError(result, "name")} className="min-w-64" />
      <SelectField label="New key scope" name="scope" defaultValue="api" error={fieldError(result, "scope")} aria-describedby="api-key-scope-help">
        {(Object.keys(SCOPE_LABELS) as ApiKeyScope[]).map((scope) => (
          <option key={scope} value={scope}>
            {SCOPE_LABELS[scope]}
          </option>
        ))}
      </SelectField>
      <Button type="submit" disabled={pending}>
        {pending ? "Creating…" : "Create key"}
      </Button>
      <p id="api-key-scope-help" className="basis-full text-sm text-zinc-600 dark:text-zinc-400">
        <strong>API only</strong> keys reach the visitors, sessions and watch links (the v1.3 API). <strong>Admin</strong> keys can also change team settings,
        create and revoke keys and read or rotate the webhook secret: give them only to systems that administer Tandem.
      </p>
      {result && !result.ok && !result.fieldErrors ? <Alert className="basis-full">{result.error}</Alert> : null}
      <Dialog
        open={shown !== null}
        onClose={() => setShown(null)}
        title={`Key “${shown?.name ?? ""}” created`}
        description="Copy the secret now: it is shown this once and cannot be shown again."
      >
        <code data-testid="new-api-key-secret" className="rounded bg-zinc-100 px-2 py-2 font-mono text-sm break-all dark:bg-zinc-800">
          {shown?.secret}
        </code>
        <div className="flex justify-end gap-2">
          {shown ? <CopyButton value={shown.secret} label="Copy secret" /> : null}
          <Button onClick={() => setShown(null)}>Done</Button>
        </div>
      </Dialog>
    </form>
  );
}
