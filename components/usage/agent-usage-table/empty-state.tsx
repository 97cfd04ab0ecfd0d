import { EmptyState } from "@/components/ui/empty-state";

export function AgentUsageEmptyState() {
  return <EmptyState title="No console users yet">Once people sign in to the console, their sessions and session time show here.</EmptyState>;
}
