/**
 * Watch and replay pages keep their credential (a viewer token, a recording link's token) in this
 * tab's sessionStorage, never in the page's address: the link leaves the address bar (and so every
 * Referer and history entry) as soon as the page starts, and a reload comes back to an address that
 * names only the session.
 */

export type CredentialKind = "viewer" | "recording";

const storageKey = (kind: CredentialKind, sessionId: string) => `tandem.${kind}.${sessionId}`;

/** Where a reload comes back to: the session's address, with no credential in it. */
export function sessionAddress(kind: CredentialKind, sessionId: string): string {
  const id = encodeURIComponent(sessionId);
  return kind === "viewer" ? `/watch/session/${id}` : `/watch/recordings/session/${id}`;
}

export function keepCredential(kind: CredentialKind, sessionId: string, token: string): void {
  try {
    sessionStorage.setItem(storageKey(kind, sessionId), token);
  } catch {
    // storage blocked: the page works until it is reloaded
  }
}

export function storedCredential(kind: CredentialKind, sessionId: string): string | null {
  try {
    return sessionStorage.getItem(storageKey(kind, sessionId));
  } catch {
    return null;
  }
}

/** Keeps the credential, then replaces the link in the address bar and history with the session's address. */
export function exchangeLink(kind: CredentialKind, sessionId: string, token: string): void {
  keepCredential(kind, sessionId, token);
  const address = sessionAddress(kind, sessionId);
  if (window.location.pathname !== address) window.history.replaceState(window.history.state, "", address);
}
