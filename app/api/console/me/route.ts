import { CONSOLE_READS } from "@/lib/console/reads";
import { serveRead } from "@/lib/console/reads/serve";

/** The signed-in console user: who the browser is, for client components that need it. */
export const GET = serveRead(CONSOLE_READS.me, async ({ caller }) => ({ user: caller }));
