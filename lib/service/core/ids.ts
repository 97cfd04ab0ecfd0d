import { createHash, randomBytes, randomInt } from "node:crypto";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O or 1/I: ids are read aloud

/** A random id of `length` characters from an unambiguous alphabet, with an optional prefix. */
export function newId(prefix = "", length = 16): string {
  let id = "";
  for (let i = 0; i < length; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}${id}`;
}

export function newSecret(prefix = ""): string {
  return `${prefix}${randomBytes(24).toString("base64url")}`;
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function newLookupCode(): string {
  return String(randomInt(10_000)).padStart(4, "0");
}
