import { CONSOLE_READS } from "@/lib/console/reads";
import { serveRead } from "@/lib/console/reads/serve";
import { RouteError } from "@/lib/console/route-errors";
import { visitorPresence } from "@/lib/console/visitors/presence";
import { findVisitor } from "@/lib/console/visitors/read-visitors";

export const GET = serveRead(CONSOLE_READS.visitorPresence, async ({ params }) => {
  const visitor = await findVisitor(params.id, { withHistory: false });
  if (!visitor) throw new RouteError(404, "not_found", "This visitor no longer exists.");
  return { presence: visitorPresence(visitor) };
});
