// The PGlite database of one data folder, in a worker thread of its own (lib/db/pglite-pool.ts): Postgres
// in WebAssembly runs each query on the thread that holds it, and on the server's thread it would take
// turns with every request. node-postgres talks to it through PGlite's own adapter, so named statements
// keep their plans, as they do on PostgreSQL. Plain JavaScript, so that any loader of the app can start it.
import "./pglite-private-files.mjs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import pg from "pg";

// drizzle reads these types' values from their text itself (dates, intervals, their arrays, numeric[]), as it
// asks of node-postgres for every query: the rule is the connection's, since parsers cannot cross threads.
const KEPT_AS_TEXT = new Set([1082, 1114, 1184, 1186, 1231, 1115, 1185, 1187, 1182]);
const keepText = (value) => value;
const types = { getTypeParser: (oid, format) => (KEPT_AS_TEXT.has(oid) ? keepText : pg.types.getTypeParser(oid, format)) };

const pglite = await PGlite.create(workerData.dir, { extensions: { pg_trgm } });
const client = new pg.Client({ ...createPgConfig(pglite), types });
await client.connect();

/** An error as data: its message and the fields the database set (code, detail, …). */
function errorData(error) {
  const fields = Object.entries(error ?? {}).filter(([, value]) => typeof value !== "object" && typeof value !== "function");
  return { message: error?.message ?? String(error), name: error?.name, ...Object.fromEntries(fields) };
}

/**
 * One connection, one session: while a caller holds it (a transaction), only its queries run; the others
 * wait their turn, in order.
 */
let holder = null;
const waiting = [];

function runnable(request) {
  return holder === null ? request.session === undefined || request.op === "connect" : request.session === holder;
}

// A query goes to the connection once the one before it has answered: node-postgres queues them itself
// too, but warns that doing so is deprecated (and drops it in its next major version).
let previous = Promise.resolve();
function oneAtATime(query) {
  const result = previous.then(query);
  previous = result.catch(() => undefined);
  return result;
}

async function run(request) {
  switch (request.op) {
    case "query": {
      const result = await oneAtATime(() => client.query({ name: request.name, text: request.text, values: request.values, rowMode: request.rowMode }));
      return {
        rows: result.rows,
        fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
        rowCount: result.rowCount,
        command: result.command,
      };
    }
    case "connect":
      holder = request.id;
      return request.id;
    case "release":
      holder = null;
      return null;
    case "close":
      await oneAtATime(() => client.end());
      await pglite.close();
      return null;
  }
}

function dispatch(request) {
  run(request).then(
    (result) => parentPort.postMessage({ id: request.id, result }),
    (error) => parentPort.postMessage({ id: request.id, error: errorData(error) }),
  );
  if (request.op === "release") drain();
}

/** After a release: the waiting requests in order, until one takes the connection for itself. */
function drain() {
  while (waiting.length && runnable(waiting[0])) {
    const next = waiting.shift();
    dispatch(next);
    if (next.op === "connect") break;
  }
}

parentPort.on("message", (request) => {
  // The holder's own queries never wait behind the queries waiting for it.
  if ((holder !== null && request.session === holder) || (waiting.length === 0 && runnable(request))) dispatch(request);
  else waiting.push(request);
});
parentPort.postMessage({ ready: true });
