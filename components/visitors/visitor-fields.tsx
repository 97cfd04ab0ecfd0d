import type { Visitor } from "@/lib/contract";
import { formatUtc } from "./format";
import { RelativeTime } from "./relative-time";
import { VisitorBadges } from "./visitor-badges";

const list = (values: string[] | undefined) => (values?.length ? values.join(", ") : null);
const yesNo = (value: boolean | undefined) => (value === undefined ? null : value ? "Yes" : "No");

/** Every field of the Visitor the API gave, named as an agent would say it; a missing one reads "—". */
export function VisitorFields({ visitor }: { visitor: Visitor }) {
  const rows: [string, React.ReactNode][] = [
    [
      "Visitor id",
      <span key="id" className="font-mono">
        {visitor.short_id}
      </span>,
    ],
    ["State", <VisitorBadges key="state" visitor={visitor} />],
    ["Name shown to agents", visitor.call_name],
    ["Email", visitor.email],
    ["Also known as", list(visitor.identities)],
    ["User id on your site", visitor.unique_id],
    ["Tags", list(visitor.tags)],
    ["Live chat ids", list(visitor.integration_ids)],
    ["Live chat", visitor.integration],
    ["Lookup code", visitor.lookup_code],
    [
      "Current or last page",
      visitor.last_url ? (
        <span key="url" className="break-all">
          {visitor.last_url}
        </span>
      ) : null,
    ],
    ["IP address", visitor.ip_address],
    ["City", visitor.location_city],
    ["Country", [visitor.location_country_name, visitor.location_country].filter(Boolean).join(" · ") || null],
    ["Device", [visitor.device_name, visitor.device_type].filter(Boolean).join(" · ") || null],
    ["Browser", visitor.browser_name],
    [
      "First seen",
      visitor.added_at ? (
        <span key="added">
          <RelativeTime value={visitor.added_at} /> ({formatUtc(visitor.added_at)})
        </span>
      ) : null,
    ],
    [
      "Last seen",
      visitor.last_seen_at ? (
        <span key="seen">
          <RelativeTime value={visitor.last_seen_at} /> ({formatUtc(visitor.last_seen_at)})
        </span>
      ) : null,
    ],
    ["Asking for help", yesNo(visitor.is_waiting_for_call)],
    ["Browser can be co-browsed", yesNo(visitor.is_supported)],
    ["Details sent by your site", yesNo(visitor.js_configuration)],
    [
      "Your site's public key",
      visitor.api_key ? (
        <span key="key" className="font-mono break-all">
          {visitor.api_key}
        </span>
      ) : null,
    ],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-zinc-600 dark:text-zinc-400">{label}</dt>
          <dd className="min-w-0">{value ?? <span className="text-zinc-500 dark:text-zinc-400">—</span>}</dd>
        </div>
      ))}
    </dl>
  );
}
