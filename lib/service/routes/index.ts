import type { Hono } from "hono";
import type { Endpoint } from "@/lib/contract/endpoint";
import { createHttpApp } from "../http/app";
import type { BindDependencies } from "../http/bind";
import type { ServiceEnv } from "../http/context";
import { bindCloudEndpoints } from "./cloud";
import { bindCollectEndpoints } from "./collect";
import { bindIntegrationEndpoints } from "./integrations";
import { bindLiveEndpoints } from "./live";
import { mountMcp } from "./mcp";
import { bindOnpremEndpoints } from "./onprem";
import { bindOpsEndpoints } from "./ops";
import { bindServiceAdminEndpoints } from "./service-admin";
import { bindSessionEndpoints } from "./sessions";

/**
 * The embedded co-browsing service: a handler bound to every endpoint of the contract's registry
 * (lib/contract/endpoints) on the service's HTTP app.
 */
export function createServiceApp(overrides: Partial<BindDependencies> = {}): { app: Hono<ServiceEnv>; bound: Endpoint[] } {
  const { app, bind, bound, dependencies } = createHttpApp(overrides);
  bindCloudEndpoints(bind);
  bindSessionEndpoints(bind);
  bindOnpremEndpoints(bind);
  bindServiceAdminEndpoints(bind);
  bindCollectEndpoints(bind);
  bindLiveEndpoints(bind);
  bindIntegrationEndpoints(bind);
  bindOpsEndpoints(bind);
  mountMcp(app, dependencies);
  return { app, bound };
}
