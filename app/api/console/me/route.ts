import { consoleRoute } from "@/lib/console/route";

/** The signed-in console user: who the browser is, for client components that need it. */
export const GET = consoleRoute("agent", async (_request, { caller }) => Response.json({ status: "ok", user: caller }));
