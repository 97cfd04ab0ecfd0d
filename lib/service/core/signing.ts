import "server-only";
import { errors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import { env } from "@/lib/env";
import { loadSecret, SECRET_FILES } from "@/lib/secrets";

/** What a signed link is for: a token for one purpose is refused for any other. */
export type LinkPurpose = "watch" | "onprem-license" | "proxy" | "viewer-token";

let key: Uint8Array | undefined;
function signingKey(): Uint8Array {
  key ??= new TextEncoder().encode(loadSecret(env().DATA_DIR, SECRET_FILES.links, env().LINK_SIGNING_SECRET));
  return key;
}

export async function signLink(purpose: LinkPurpose, claims: JWTPayload, expiresAt: Date): Promise<string> {
  return new SignJWT({ ...claims, purpose })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(signingKey());
}

export type LinkCheck<T> = { ok: true; claims: T & JWTPayload } | { ok: false; reason: "expired" | "invalid" };

/** Verifies signature, expiry and purpose. Expired and tampered links are told apart for the pages. */
export async function verifyLink<T extends object>(purpose: LinkPurpose, token: string): Promise<LinkCheck<T>> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), { algorithms: ["HS256"] });
    if (payload.purpose !== purpose) return { ok: false, reason: "invalid" };
    return { ok: true, claims: payload as T & JWTPayload };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
}

/** The public origin of this app (where agents' browsers reach watch links). */
export function publicBaseUrl(): string {
  return env().NEXTAUTH_URL ?? `http://localhost:${env().PORT}`;
}
