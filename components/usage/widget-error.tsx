import "server-only";
import { describeApiError } from "@/lib/console/api-errors";
import { RetryButton } from "./retry-button";

/**
 * What a widget shows when the co-browsing API failed: what could not be loaded, why, and a retry.
 * Errors that are not ApiErrors are rethrown to the segment's error boundary.
 */
export function WidgetError({ title, error }: { title: string; error: unknown }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-white p-5 dark:border-red-900 dark:bg-zinc-900">
      <div>
        <p className="font-medium">{title}</p>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{describeApiError(error)}</p>
      </div>
      <RetryButton />
    </div>
  );
}
