import { z } from "zod";
import { okStatus } from "../common";
import { endpointGroup } from "../endpoint";

const statusSchema = z.object({ status: okStatus });

/** What a load balancer or an orchestrator asks of an app node. */
export const opsEndpoints = endpointGroup(
  { group: "ops", auth: "none" },
  {
    checkLiveness: { route: "GET /healthz", summary: "The process answers", ok: { json: statusSchema } },
    checkReadiness: {
      route: "GET /readyz",
      summary: "The node takes traffic: not stopping, its database and Redis answer",
      ok: { json: statusSchema },
      errors: ["unavailable", "draining"],
    },
  },
);
