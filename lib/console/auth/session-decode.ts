import { hkdf } from "node:crypto";
import { promisify } from "node:util";
import { jwtDecrypt } from "jose";
import type { JWT, JWTDecodeParams } from "next-auth/jwt";
import { processCache } from "@/lib/process-cache";

const deriveKey = promisify(hkdf);
const keys = new Map<string, Promise<CryptoKey>>();

/**
 * The session cookie's key, as next-auth derives it (HKDF-SHA-256 of the secret, the cookie name as salt),
 * imported for AES-GCM. Derived and imported once per secret and cookie name, not on every request: the
 * derivation cost as much as the decryption, and both the proxy and the caller check decrypt the cookie.
 */
function encryptionKey(secret: string | Buffer, salt: string): Promise<CryptoKey> {
  const id = `${salt}\0${typeof secret === "string" ? secret : secret.toString("base64")}`;
  let key = keys.get(id);
  if (!key) {
    key = deriveKey("sha256", secret, salt, `NextAuth.js Generated Encryption Key${salt ? ` (${salt})` : ""}`, 32).then((bits) =>
      crypto.subtle.importKey("raw", bits, "AES-GCM", false, ["decrypt"]),
    );
    keys.set(id, key);
  }
  return key;
}

const CLOCK_TOLERANCE_S = 15;
/**
 * Tokens already decrypted, by key and token: a console sends the same cookie with every request, and the
 * decryption (a trip to libuv's thread pool) was a fifth of a server action's own time. Only tokens that
 * decrypted are kept, so nobody without the secret can fill it; the hour bounds how long one is kept
 * whatever its expiry, and each read checks the expiry again.
 */
const decrypted = () => processCache<JWT>("session-tokens", 60 * 60 * 1000, 2_000);

function stillValid(claims: JWT, nowS: number): boolean {
  const { exp, nbf } = claims as { exp?: number; nbf?: number };
  return (exp === undefined || nowS <= exp + CLOCK_TOLERANCE_S) && (nbf === undefined || nowS >= nbf - CLOCK_TOLERANCE_S);
}

/**
 * next-auth's `decode` (the same key and checks: JWE `dir` + A256GCM, 15 s clock tolerance), with the key
 * derived once and each token decrypted once. Given to `getToken` and the proxy's `withAuth`; next-auth's
 * own encode writes the cookie.
 */
export async function decodeSessionToken({ token, secret, salt = "" }: JWTDecodeParams): Promise<JWT | null> {
  if (!token) return null;
  const cacheKey = `${salt}\0${typeof secret === "string" ? secret : secret.toString("base64")}\0${token}`;
  const known = decrypted().get(cacheKey);
  // An expired one is decrypted again: jose refuses it as it always did.
  if (known && stillValid(known, Date.now() / 1000)) return { ...known };
  const { payload } = await jwtDecrypt(token, await encryptionKey(secret, salt), {
    clockTolerance: CLOCK_TOLERANCE_S,
    keyManagementAlgorithms: ["dir"],
    contentEncryptionAlgorithms: ["A256GCM"],
  });
  decrypted().set(cacheKey, payload as JWT);
  return { ...(payload as JWT) };
}
