import path from "node:path";
import pg from "pg";
import { startCluster, type Cluster } from "../support/cluster";
import { startPostgresServer, type PostgresServer } from "../support/postgres-server";
import { NO_RATE_LIMITS } from "../support/server";
import { startTcpProxy, type TcpProxy } from "../../lib/testing/tcp-proxy";
import { startReceiver } from "../support/webhook-receiver";
import { mountSmallDisk, type SmallDisk } from "./full-disk";
import { sleep } from "./traffic";

export interface FaultRig {
  cluster: Cluster;
  postgres: PostgresServer;
  /** The link between the nodes and PostgreSQL. */
  link: TcpProxy;
  receiver: Awaited<ReturnType<typeof startReceiver>>;
  /** A query on PostgreSQL itself, beside the nodes' link. */
  query: <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<R[]>;
  faults: {
    restartRedis: (downMs: number) => Promise<void>;
    restartPostgres: (downMs: number) => Promise<void>;
    cutPostgres: (ms: number) => Promise<void>;
    /** Holds `LOCK TABLE visitors IN ACCESS EXCLUSIVE MODE` (what an ALTER TABLE takes) for `ms`. */
    lockVisitors: (ms: number) => Promise<void>;
    /**
     * Node B's data folder and nginx's temp folder (where it would buffer large bodies) each on a small
     * filesystem of its own, full for `ms`, then with space again. Needs root (cannotMount says why not).
     */
    fillDisks: (ms: number) => Promise<void>;
  };
  stop: () => Promise<void>;
}

/**
 * Two app nodes behind nginx over a PostgreSQL and a Redis of the suite's own, which it can stop, cut off
 * and lock; the nodes reach PostgreSQL through a TCP link the suite can cut. Rate limits are counted (in
 * Redis) but set high: the whole load comes from this one address.
 */
export async function startFaultRig(): Promise<FaultRig> {
  const postgres = await startPostgresServer();
  const link = await startTcpProxy(postgres.port);
  const linked = new URL(postgres.url);
  linked.port = String(link.port);
  const receiver = await startReceiver();
  const cluster = await startCluster({ databaseUrl: linked.toString(), env: NO_RATE_LIMITS });
  const query = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  const disks: SmallDisk[] = [];
  return {
    cluster,
    postgres,
    link,
    receiver,
    query,
    faults: {
      restartRedis: (downMs) => cluster.redis.restart(downMs),
      restartPostgres: async (downMs) => {
        await postgres.stop();
        await sleep(downMs);
        await postgres.start();
      },
      cutPostgres: async (ms) => {
        link.cut();
        await sleep(ms);
        link.heal();
      },
      fillDisks: async (ms) => {
        const full = [mountSmallDisk(cluster.nodes.b.dataDir, 1024), mountSmallDisk(path.join(cluster.dir, "temp"), 1024)];
        disks.push(...full);
        for (const disk of full) disk.fill();
        await sleep(ms);
        for (const disk of full) disk.free();
      },
      lockVisitors: async (ms) => {
        const client = new pg.Client({ connectionString: postgres.url });
        await client.connect();
        try {
          await client.query("begin");
          await client.query("lock table visitors in access exclusive mode");
          await sleep(ms);
          await client.query("commit");
        } finally {
          await client.end();
        }
      },
    },
    stop: async () => {
      for (const disk of disks) disk.unmount();
      await cluster.stop();
      await receiver.close();
      await link.close();
      await postgres.remove();
    },
  };
}
