import { EmptyState } from "@/components/ui/empty-state";

export function MembersEmptyState() {
  return <EmptyState title="No console users yet">An admin adds people in Settings; they show here with their roles.</EmptyState>;
}
