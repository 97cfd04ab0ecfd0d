import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import type { LookupBy } from "@/lib/console/agents/lookup-form";

/**
 * Look an agent up by email (a User) or external id (an External Agent). A plain GET form: the Agents
 * page turns it into the agent page's URL, with or without JavaScript.
 */
export function AgentLookupForm({ by = "email", query = "", error }: { by?: LookupBy; query?: string; error?: string }) {
  return (
    <form action="/agents" method="get" role="search" aria-label="Agent lookup" className="flex flex-wrap items-end gap-3">
      <SelectField label="Look up by" name="by" defaultValue={by}>
        <option value="email">Email</option>
        <option value="external">External id</option>
      </SelectField>
      <Field
        label="Email or external id"
        name="q"
        defaultValue={query}
        required
        placeholder="lead@example.com or helpdesk-17"
        error={error}
        className="min-w-64 flex-1"
      />
      <Button type="submit">Look up</Button>
    </form>
  );
}
