import type { DirectRouteTable } from "@/lib/http/direct-routes";
import * as visitorEvents from "./collect/live/events/route";
import * as visitorStream from "./collect/live/stream/route";
import * as viewerControl from "./live/sessions/[id]/control/route";
import * as viewerStream from "./live/sessions/[id]/stream/route";

/**
 * The live routes Tandem's server serves without Next's router (see lib/http/direct-routes.ts): what
 * every live session calls several times a second. Each path is its route module's folder.
 */
export const DIRECT_ROUTES: DirectRouteTable = {
  "/collect/live/events": visitorEvents,
  "/collect/live/stream": visitorStream,
  "/live/sessions/[id]/stream": viewerStream,
  "/live/sessions/[id]/control": viewerControl,
};
