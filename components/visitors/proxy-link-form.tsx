"use client";

import dynamic from "next/dynamic";
import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Field } from "@/components/ui/field";
import { createProxyLink } from "@/lib/console/visitors/actions";
import type { CoBrowsePermissions } from "@/lib/console/permissions";
import { formatUtc } from "./format";

/** Shown only once a link exists: its polling (React Query) loads then, not with the visitor's page. */
const ProxyVisitor = dynamic(() => import("./proxy-visitor").then((module) => module.ProxyVisitor), { ssr: false });

/** Creates a universal proxy link to send a visitor who has no visitor script on the page. */
export function ProxyLinkForm({ coBrowseDefaults }: { coBrowseDefaults: CoBrowsePermissions }) {
  // The API answers no expiry: the creation time tells the agent how old the short-lived link is.
  const [link, setLink] = useState<{ url: string; createdAt: string; sessionId: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [pending, startTransition] = useTransition();

  const submit = (form: FormData) =>
    startTransition(async () => {
      setError(null);
      setFieldErrors({});
      const result = await createProxyLink({
        initialUrl: String(form.get("initialUrl") ?? ""),
        allowedDomains: String(form.get("allowedDomains") ?? ""),
        retryUrl: String(form.get("retryUrl") ?? ""),
      });
      if (result.ok) setLink({ url: result.data.proxyUrl, createdAt: new Date().toISOString(), sessionId: result.data.proxySessionId });
      else {
        setError(result.error);
        setFieldErrors(result.fieldErrors ?? {});
      }
    });

  return (
    <form action={submit} className="flex flex-col gap-3">
      <Field label="Initial URL" name="initialUrl" type="url" placeholder="https://www.example.com/" error={fieldErrors.initialUrl} />
      <Field label="Allowed domains (comma-separated)" name="allowedDomains" placeholder="example.com, shop.example.com" error={fieldErrors.allowedDomains} />
      <Field label="Retry URL" name="retryUrl" type="url" placeholder="https://www.example.com/help" error={fieldErrors.retryUrl} />
      {error ? <Alert>{error}</Alert> : null}
      <div>
        <Button type="submit" variant="secondary" disabled={pending}>
          {pending ? "Creating…" : "Create proxy session link"}
        </Button>
      </div>
      {link ? (
        <div className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" data-testid="proxy-link">
          <p className="text-sm font-medium">Send this link to the visitor. It is valid for a few minutes.</p>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">Created {formatUtc(link.createdAt)}; if it has expired, create a new one.</p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="min-w-0 flex-1 rounded bg-zinc-100 px-2 py-1 text-xs break-all dark:bg-zinc-800">{link.url}</code>
            <CopyButton value={link.url} label="Copy link" />
          </div>
          {link.sessionId ? (
            <ProxyVisitor key={link.sessionId} sessionId={link.sessionId} defaults={coBrowseDefaults} />
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">Once the visitor opens it, find them in Visitors to co-browse.</p>
          )}
        </div>
      ) : null}
    </form>
  );
}
