import type { Visitor } from "@/lib/contract";

const FIELD_LABELS: Record<string, string> = {
  call_name: "name",
  email: "email",
  identities: "identity",
  unique_id: "user id",
  last_url: "page address",
  last_title: "page title",
  location_city: "city",
  location_country_name: "country",
  browser_name: "browser",
  device_name: "device",
  device_type: "device type",
  ip_address: "IP address",
  tags: "tag",
  integration_ids: "integration id",
  lookup_code: "lookup code",
};

/** Why the search found this visitor, so that an agent can trust (or doubt) a near-miss spelling. */
export function SearchMatch({ match }: { match: Visitor["search_match"] }) {
  if (!match?.fields.length) return null;
  const fields = match.fields.map((field) => FIELD_LABELS[field] ?? field).join(", ");
  return (
    <span className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="search-match">
      Matched {fields}
      {match.typo ? " (similar spelling)" : ""}
    </span>
  );
}
