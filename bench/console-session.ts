import fs from "node:fs";
import path from "node:path";
import type { Role } from "../lib/console/auth/roles";
import { fetchOk } from "./fail-loudly";

/** Signs a demo user of a server in over HTTP (next-auth's credentials flow) and returns the cookie header. */
export async function signIn(baseUrl: string, dataDir: string, role: Role): Promise<string> {
  const users = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8")) as { role: Role; email: string; password: string }[];
  const user = users.find((candidate) => candidate.role === role);
  if (!user) throw new Error(`no demo ${role} in ${dataDir}`);
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const csrf = await fetchOk(`${baseUrl}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const form = new URLSearchParams({ email: user.email, password: user.password, csrfToken, json: "true" });
  const callback = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookie() },
    body: form,
    redirect: "manual",
  });
  keep(callback);
  if (![...jar.keys()].some((name) => name.includes("session-token"))) throw new Error(`sign-in as ${user.email} failed (${callback.status})`);
  return cookie();
}
