import { opsEndpoints as endpoints } from "@/lib/contract/endpoints";
import { ping } from "@/lib/db/connection";
import { isDraining } from "@/lib/lifecycle/draining";
import { sharedRedis } from "@/lib/redis";
import { ServiceError } from "../core/errors";
import type { Bind } from "../http/bind";

/** Liveness and readiness of this app node. */
export function bindOpsEndpoints(bind: Bind): void {
  bind(endpoints.checkLiveness, () => ({}));

  bind(endpoints.checkReadiness, async ({ db }) => {
    if (isDraining()) throw new ServiceError("draining", "This app node is stopping.");
    await ping(db).catch(() => {
      throw new ServiceError("unavailable", "The database does not answer.");
    });
    await sharedRedis()
      ?.ping()
      .catch(() => {
        throw new ServiceError("unavailable", "Redis does not answer.");
      });
    return {};
  });
}
