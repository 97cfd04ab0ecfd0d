// Test helper (not runtime code): malformed requests for any endpoint of the registry, carrying valid
// credentials so that they get past authentication and reach the parsing behind it. Used by the fuzz
// suite (lib/service/routes/fuzz.db.test.ts) and by the end-to-end robustness spec.
import fc from "fast-check";
import { z } from "zod";
import type { Endpoint } from "@/lib/contract/endpoint";

export interface FuzzCredentials {
  apiKey: string;
  restKey: string;
  publicKey: string;
  visitor: { visitorId: string; token: string };
  /** A viewer token of `sessionId`. */
  viewerToken: string;
  sessionId: string;
  recordingToken: string;
}

export interface FuzzRequest {
  method: string;
  /** Path and query, as sent: percent-encoding included, malformed or not. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

const junk = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
);

/** Path segments and query values as they appear on the wire: encoded junk, and encodings no decoder accepts. */
const rawText = fc.oneof(
  fc.string({ minLength: 1, maxLength: 80 }).map(encodeURIComponent),
  fc.constantFrom("%", "%ZZ", "%E0%A4%A", "%C0%AF", "%00", "%FF%FE", "..", ".", "A".repeat(300), "%2F", "%25"),
  fc.string({ minLength: 1, maxLength: 20 }).map((text) => `${encodeURIComponent(text)}%${text.length % 2 ? "G1" : ""}`),
);

/**
 * Path segments: the same, but never a whole `.` or `..`, which every URL parser (the clients' and the
 * server's `Request`) resolves away before the request is sent: the request would go to another path.
 */
const pathSegment = rawText.filter((segment) => segment !== "." && segment !== "..");

/** The top-level keys a body or query schema names, so that junk lands on real fields too. */
function keysOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodDiscriminatedUnion) return [...new Set(schema.options.flatMap((option) => keysOf(option as z.ZodType)))];
  return [];
}

function sampleParam(name: string, credentials: FuzzCredentials): string {
  if (name === "id") return credentials.sessionId;
  if (name === "token") return credentials.recordingToken;
  if (name === "visitor_id") return credentials.visitor.visitorId;
  return "k_0000";
}

function credentialsOf(
  endpoint: Endpoint,
  credentials: FuzzCredentials,
): { headers: Record<string, string>; query: Record<string, string>; body: Record<string, unknown> } {
  const visitorHeaders = { "x-visitor-id": credentials.visitor.visitorId, "x-visitor-token": credentials.visitor.token };
  switch (endpoint.auth) {
    case "api-key":
    case "admin-key":
      return { headers: { "x-api-key": credentials.apiKey }, query: {}, body: {} };
    case "bearer-key":
      return { headers: { authorization: `Bearer ${credentials.apiKey}` }, query: {}, body: {} };
    case "rest-key":
      return { headers: { authorization: credentials.restKey }, query: {}, body: {} };
    case "public-key":
      return { headers: {}, query: {}, body: { publicKey: credentials.publicKey } };
    case "visitor":
    case "visitor-beacon":
      return { headers: visitorHeaders, query: {}, body: {} };
    case "recording-link":
      return { headers: { authorization: `Bearer ${credentials.recordingToken}` }, query: {}, body: {} };
    case "viewer":
      return { headers: { authorization: `Bearer ${credentials.viewerToken}` }, query: {}, body: {} };
    default:
      return { headers: {}, query: {}, body: {} };
  }
}

/**
 * Requests for `endpoint` with junk in every part it reads: path parameters (malformed percent-encoding
 * included), query, body (not JSON, JSON of the wrong shape, the right keys with junk values). One in
 * ten goes without its credentials.
 */
export function fuzzRequests(endpoint: Endpoint, credentials: FuzzCredentials): fc.Arbitrary<FuzzRequest> {
  const paramNames = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const params = fc.tuple(
    ...paramNames.map((name) =>
      fc.oneof({ weight: 1, arbitrary: fc.constant(encodeURIComponent(sampleParam(name, credentials))) }, { weight: 3, arbitrary: pathSegment }),
    ),
  );
  const queryKeys = keysOf(endpoint.query);
  const query = fc.dictionary(fc.constantFrom(...queryKeys, "q", "x"), rawText, { maxKeys: 3 });
  const bodyKeys = keysOf(endpoint.body);
  const body = fc.oneof(
    fc.string({ unit: "binary" }).map((text) => ({ text })),
    fc.jsonValue().map((value) => ({ value })),
    fc.dictionary(fc.constantFrom(...bodyKeys, "extra"), junk, { maxKeys: Math.max(1, bodyKeys.length) }).map((value) => ({ value })),
  );
  const withCredentials = fc.integer({ min: 0, max: 9 }).map((n) => n > 0);
  return fc.tuple(params, query, body, withCredentials).map(([paramValues, queryValues, bodyValue, authenticated]) => {
    let index = 0;
    const path = endpoint.path.replace(/\{\w+\}/g, () => paramValues[index++]);
    const auth = authenticated ? credentialsOf(endpoint, credentials) : { headers: {}, query: {}, body: {} };
    const search = Object.entries({ ...queryValues, ...auth.query })
      .map(([name, value]) => `${encodeURIComponent(name)}=${auth.query[name] !== undefined ? encodeURIComponent(value) : value}`)
      .join("&");
    const text =
      "text" in bodyValue
        ? bodyValue.text
        : JSON.stringify(
            bodyValue.value && typeof bodyValue.value === "object" && !Array.isArray(bodyValue.value) ? { ...bodyValue.value, ...auth.body } : bodyValue.value,
          );
    const hasBody = endpoint.method !== "get";
    return {
      method: endpoint.method.toUpperCase(),
      url: search ? `${path}?${search}` : path,
      headers: { ...(hasBody ? { "content-type": "application/json" } : {}), ...auth.headers },
      ...(hasBody ? { body: text } : {}),
    };
  });
}

/** 10 kB of brackets: far past any recursive walk's stack. */
const DEEP = 5_000;
/** Items of the wide bodies: this many, or as many as the endpoint's body limit holds. */
const WIDE = 100_000;

export interface HostileJsonRequest extends FuzzRequest {
  /** What the body holds, for the test's messages. */
  shape: "deep array" | "deep object" | "wide array" | "wide object";
}

/**
 * Valid JSON of a shape no request of the API has, nested 5,000 levels deep or 100,000 items wide (within
 * the endpoint's body limit), in a field the endpoint reads: the first its body names besides the
 * credentials it carries, else the credential itself. Nothing for an endpoint without a body.
 */
export function hostileJsonRequests(endpoint: Endpoint, credentials: FuzzCredentials): HostileJsonRequest[] {
  if (!endpoint.body) return [];
  const auth = credentialsOf(endpoint, credentials);
  const keys = keysOf(endpoint.body);
  const field = keys.find((key) => !(key in auth.body)) ?? keys[0] ?? "extra";
  const url = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(sampleParam(name, credentials)));
  const { [field]: _replaced, ...carried } = auth.body;
  // The credentials, then the field last, with the value spliced in as text (`0}` cut off).
  const body = (value: string) => `${JSON.stringify({ ...carried, [field]: 0 }).slice(0, -2)}${value}}`;
  // What is left of the body limit for the value, with a little to spare.
  const room = endpoint.maxBodyBytes - body("").length - 16;
  const wideArray = `[${Array.from({ length: Math.min(WIDE, Math.floor(room / 2)) }, () => "0").join(",")}]`;
  const entries: string[] = [];
  for (let index = 0, size = 2; index < WIDE; index++) {
    const entry = `"${index.toString(36)}":0`;
    size += entry.length + 1;
    if (size > room) break;
    entries.push(entry);
  }
  const values = {
    "deep array": `${"[".repeat(DEEP)}${"]".repeat(DEEP)}`,
    "deep object": `${'{"a":'.repeat(DEEP)}0${"}".repeat(DEEP)}`,
    "wide array": wideArray,
    "wide object": `{${entries.join(",")}}`,
  };
  return Object.entries(values).map(([shape, value]) => ({
    shape: shape as HostileJsonRequest["shape"],
    method: endpoint.method.toUpperCase(),
    url,
    headers: { "content-type": "application/json", ...auth.headers },
    body: body(value),
  }));
}
