import { ONLINE_FILTERS, type OnlineFilter } from "@/lib/console/visitors/query-values";
import { SearchHelp } from "./search-help";
import { VisitorsGetForm } from "./visitors-get-form";

/** The search form's id: the online filter joins the form by it, and the live list reads the form by it. */
export const VISITOR_SEARCH_FORM_ID = "visitor-search-form";

const FILTER_LABELS: Record<OnlineFilter, string> = { all: "All", online: "Online", offline: "Offline" };

interface SearchFormProps {
  search: string;
  status: OnlineFilter;
  /** Given, the box and the filter are controlled and the page handles submitting; left out, they are the HTML's own. */
  onType?: (search: string) => void;
  onStatus?: (status: OnlineFilter) => void;
  onSearch?: () => void;
}

/**
 * The search box and the online filter: a GET form on /visitors, so a search works before any script
 * (the URL is the state). The live list renders the same markup with controlled fields, so nothing moves
 * when it takes over.
 */
export function VisitorSearchForm({ search, status, onType, onStatus, onSearch }: SearchFormProps) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <VisitorsGetForm id={VISITOR_SEARCH_FORM_ID} role="search" className="flex min-w-0 flex-[1_1_16rem] flex-col gap-1.5" onSubmit={onSearch}>
        <label htmlFor="visitor-search" className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
          Search visitors
        </label>
        <input
          id="visitor-search"
          name="search"
          type="search"
          {...(onType ? { value: search, onChange: (event) => onType(event.target.value) } : { defaultValue: search })}
          placeholder="Email, #tag, ip:…, id:…, lookup code or any text"
          autoComplete="off"
          spellCheck={false}
          className="rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-zinc-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:placeholder:text-zinc-400"
        />
      </VisitorsGetForm>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-zinc-700 dark:text-zinc-300">Show</legend>
        <div className="inline-flex rounded-md border border-zinc-300 bg-white p-0.5 dark:border-zinc-700 dark:bg-zinc-900">
          {ONLINE_FILTERS.map((filter) => (
            // Styled from the radio's own state, so a choice shows before any script runs.
            <label
              key={filter}
              className="cursor-pointer rounded px-3 py-1.5 text-sm font-medium text-zinc-700 not-has-[:checked]:hover:bg-zinc-100 has-[:checked]:bg-brand-600 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:text-zinc-300 dark:not-has-[:checked]:hover:bg-zinc-800"
            >
              <input
                type="radio"
                form={VISITOR_SEARCH_FORM_ID}
                name="status"
                value={filter}
                {...(onStatus ? { checked: status === filter, onChange: () => onStatus(filter) } : { defaultChecked: status === filter })}
                className="sr-only"
              />
              {FILTER_LABELS[filter]}
            </label>
          ))}
        </div>
      </fieldset>
      <SearchHelp />
    </div>
  );
}
