import { integrationEndpoints as endpoints } from "@/lib/contract/endpoints";
import type { Bind } from "../http/bind";
import { initializeCanvas, submitCanvas } from "../integrations/intercom";

/** Helpdesk apps: Intercom's Canvas Kit answers the canvas alone, without the API's `status`. */
export function bindIntegrationEndpoints(bind: Bind): void {
  bind(endpoints.initializeIntercomCanvas, async ({ db, team, body }) => Response.json(await initializeCanvas(db, team, body)));
  bind(endpoints.submitIntercomCanvas, async ({ db, team, body }) => Response.json(await submitCanvas(db, team, body)));
}
