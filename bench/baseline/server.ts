/**
 * The machine's limit for `GET /v1.3/visitors/{id}`: a minimal `node:http` + `pg` server doing the same
 * work as Tandem's endpoint, and nothing else: the secret key checked by its hash, the visitor read by
 * its primary key, the same JSON. bench/api-throughput.ts runs it beside Tandem, on the same database.
 *
 *   DATABASE_URL=postgres://… PORT=4100 npx tsx bench/baseline/server.ts
 */
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
// An idle connection the server ended (a restart, a dropped database) is removed by the pool: say so, and serve on.
pool.on("error", (error) => console.error(`baseline: an idle database connection ended: ${error.message}`));
const iso = (date: Date | null) => (date ? date.toISOString() : null);

type Row = Record<string, unknown> & { added_at: Date; last_seen_at: Date; online_until: Date };

function visitorJson(row: Row, publicKey: string) {
  return {
    short_id: row.short_id,
    added_at: iso(row.added_at),
    last_seen_at: iso(row.last_seen_at),
    api_key: publicKey,
    browser_name: row.browser_name,
    device_name: row.device_name,
    device_type: row.device_type,
    call_name: row.call_name,
    email: row.email,
    identities: row.identities,
    unique_id: row.unique_id,
    tags: row.tags,
    integration_ids: row.integration_ids,
    integration: row.integration,
    ip_address: row.ip_address,
    location_city: row.location_city,
    location_country_name: row.location_country_name,
    location_country: row.location_country,
    lookup_code: row.lookup_code,
    last_url: row.last_url,
    is_online: row.online_until > new Date(),
    is_in_session: false,
    is_supported: row.is_supported,
    is_waiting_for_call: row.is_waiting_for_call,
    js_configuration: row.js_configuration,
    sessions: [],
    _type: "visitor",
  };
}

const send = (res: import("node:http").ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

createServer(async (req, res) => {
  try {
    const match = /^\/v1\.3\/visitors\/([^/?]+)$/.exec(req.url ?? "");
    if (req.method !== "GET" || !match) return send(res, 404, { status: "error", error: "not_found" });
    const key = req.headers["x-api-key"];
    if (typeof key !== "string") return send(res, 401, { status: "error", error: "invalid_api_key" });
    const hash = createHash("sha256").update(key).digest("hex");
    const team = await pool.query<{ team_id: string; public_key: string }>(
      "select k.team_id, t.public_key from api_keys k join teams t on t.id = k.team_id where k.key_hash = $1 and k.revoked_at is null",
      [hash],
    );
    if (!team.rows[0]) return send(res, 401, { status: "error", error: "invalid_api_key" });
    const visitor = await pool.query<Row>("select * from visitors where team_id = $1 and short_id = $2", [team.rows[0].team_id, decodeURIComponent(match[1])]);
    if (!visitor.rows[0]) return send(res, 404, { status: "error", error: "visitor_not_found" });
    send(res, 200, { status: "ok", visitor: visitorJson(visitor.rows[0], team.rows[0].public_key) });
  } catch (error) {
    send(res, 500, { status: "error", error: "internal_error", message: String(error) });
  }
}).listen(Number(process.env.PORT ?? 4100), "127.0.0.1");
