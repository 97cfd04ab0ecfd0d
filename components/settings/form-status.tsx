import { Alert } from "@/components/ui/alert";
import type { ActionResult } from "@/lib/console/action";

/** The outcome of a form's last submission: the error, or a short confirmation. */
export function FormStatus({ result, success }: { result: ActionResult<unknown> | null; success?: string }) {
  if (!result) return null;
  if (!result.ok) return <Alert>{result.error}</Alert>;
  return success ? <Alert tone="info">{success}</Alert> : null;
}
