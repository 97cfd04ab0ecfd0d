import { Button } from "@/components/ui/button";
import type { LookupBy } from "@/lib/console/agents/lookup-form";

/**
 * Look an agent up by email (a User) or external id (an External Agent). A plain GET form: the Agents
 * page turns it into the agent page's URL, with or without JavaScript.
 */
export function AgentLookupForm({ by = "email", query = "", error }: { by?: LookupBy; query?: string; error?: string }) {
  return (
    <form action="/agents" method="get" role="search" aria-label="Agent lookup" className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="lookup-by" className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
          Look up by
        </label>
        <select
          id="lookup-by"
          name="by"
          defaultValue={by}
          className="rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm dark:border-zinc-700 dark:bg-zinc-900"
        >
          <option value="email">Email</option>
          <option value="external">External id</option>
        </select>
      </div>
      <div className="flex min-w-64 flex-1 flex-col gap-1.5">
        <label htmlFor="lookup-q" className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
          Email or external id
        </label>
        <input
          id="lookup-q"
          name="q"
          defaultValue={query}
          required
          placeholder="lead@example.com or helpdesk-17"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "lookup-error" : undefined}
          className="rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-zinc-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900 dark:placeholder:text-zinc-400"
        />
      </div>
      <Button type="submit">Look up</Button>
      {error ? (
        <p id="lookup-error" className="w-full text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}
