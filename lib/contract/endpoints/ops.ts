import { z } from "zod";
import { okStatus } from "../common";
import { endpoint } from "../endpoint";

const statusSchema = z.object({ status: okStatus });

/** What a load balancer or an orchestrator asks of an app node. */
export const opsEndpoints = {
  checkLiveness: endpoint({
    id: "checkLiveness",
    method: "get",
    path: "/healthz",
    group: "ops",
    auth: "none",
    summary: "The process answers",
    ok: { json: statusSchema },
  }),
  checkReadiness: endpoint({
    id: "checkReadiness",
    method: "get",
    path: "/readyz",
    group: "ops",
    auth: "none",
    summary: "The node takes traffic: not stopping, its database and Redis answer",
    ok: { json: statusSchema },
    errors: ["unavailable", "draining"],
  }),
};
