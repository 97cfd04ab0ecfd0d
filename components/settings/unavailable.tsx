import type { ConnectionMode } from "@/lib/console/api";

const MODE_NAMES: Record<ConnectionMode, string> = { embedded: "the embedded service", cloud: "a hosted API", onprem: "an on-premise deployment" };

/** Why a setting is not shown: the API the console is connected to does not offer it. */
export function Unavailable({ mode, what }: { mode: ConnectionMode; what: string }) {
  return (
    <p className="rounded-md border border-dashed border-zinc-300 px-4 py-3 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
      {what} {what.endsWith("s") ? "are" : "is"} only available when the console runs on Tandem’s embedded service. It is connected to {MODE_NAMES[mode]}, whose
      API does not offer {what.toLowerCase()}; change them in that service’s own administration.
    </p>
  );
}
