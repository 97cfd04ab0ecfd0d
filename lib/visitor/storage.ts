import type { VisitorCredentials } from "@/lib/contract";

/** The visitor's id and secret token, kept in this site's localStorage so a reload resumes the same visitor. */
export type Credentials = VisitorCredentials;

const KEY = "tandem.visitor";

export function loadCredentials(): Credentials | null {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? "null") as Partial<Credentials> | null;
    return stored?.visitorId && stored.token ? { visitorId: stored.visitorId, token: stored.token } : null;
  } catch {
    return null; // storage blocked or corrupt: a new visitor
  }
}

export function saveCredentials(credentials: Credentials): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(credentials));
  } catch {
    // storage blocked: the visitor lasts as long as the page
  }
}

export function clearCredentials(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}

const REDACTION_KEY = "tandem.url-redacted-params";

/** The team's list of secret-looking query parameters, as the last registration gave it (null before one). */
export function loadRedactedParams(): string[] | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(REDACTION_KEY) ?? "null");
    return Array.isArray(stored) && stored.every((name) => typeof name === "string") ? stored : null;
  } catch {
    return null;
  }
}

export function saveRedactedParams(params: string[]): void {
  try {
    localStorage.setItem(REDACTION_KEY, JSON.stringify(params));
  } catch {
    // storage blocked: the next page starts from the defaults again
  }
}
