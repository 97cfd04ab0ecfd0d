import { hkdf } from "node:crypto";
import { promisify } from "node:util";
import { jwtDecrypt } from "jose";
import type { JWT, JWTDecodeParams } from "next-auth/jwt";

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

/**
 * next-auth's `decode` (the same key and checks: JWE `dir` + A256GCM, 15 s clock tolerance), with the key
 * derived once. Given to `getToken` and the proxy's `withAuth`; next-auth's own encode writes the cookie.
 */
export async function decodeSessionToken({ token, secret, salt = "" }: JWTDecodeParams): Promise<JWT | null> {
  if (!token) return null;
  const { payload } = await jwtDecrypt(token, await encryptionKey(secret, salt), {
    clockTolerance: 15,
    keyManagementAlgorithms: ["dir"],
    contentEncryptionAlgorithms: ["A256GCM"],
  });
  return payload as JWT;
}
