import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export function SessionsEmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  if (filtered) {
    return (
      <EmptyState
        title="No sessions match these filters"
        action={
          <Button variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        }
      >
        Widen the date range or pick another feature.
      </EmptyState>
    );
  }
  return <EmptyState title="No sessions yet">No co-browsing session has started here yet. Sessions show here once they do.</EmptyState>;
}
