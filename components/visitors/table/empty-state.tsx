import { EmptyState } from "@/components/ui/empty-state";

export function VisitorsEmptyState({ searching }: { searching: boolean }) {
  return searching ? (
    <EmptyState title="No visitor matches this search">Check the spelling, or open Search help for the tokens the search understands.</EmptyState>
  ) : (
    <EmptyState title="No visitors yet">Visitors appear here as soon as a page with the visitor script is opened.</EmptyState>
  );
}
