import { Button } from "@/components/ui/button";

/** The secret (or its mask) and the buttons beside it. */
export function SecretRow({ secret, children }: { secret: string | null; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code data-testid="webhook-secret" className="rounded bg-zinc-100 px-2 py-1 font-mono text-sm break-all dark:bg-zinc-800">
        {secret ?? "••••••••••••••••••••••••"}
      </code>
      {children}
    </div>
  );
}

/** What shows until the component's script has loaded: the same masked row, its buttons not yet usable (no layout shift). */
export function WebhookSecretLoading() {
  return (
    <SecretRow secret={null}>
      <Button variant="secondary" disabled>
        Reveal secret
      </Button>
      <Button variant="danger" disabled>
        Rotate secret
      </Button>
    </SecretRow>
  );
}
