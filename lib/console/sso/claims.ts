import { z } from "zod";
import type { Role } from "../auth/roles";
import type { SsoConfig } from "./config";

/** Why a single sign-on was refused: the audit log's reason and the code the sign-in page explains. */
export const SSO_REFUSALS = [
  "invalid_response",
  "no_email",
  "domain",
  "email_unverified",
  "no_groups_claim",
  "disabled",
  "linked_elsewhere",
  "break_glass",
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

/** Who the provider says signed in, once the claims pass every check. */
export interface SsoIdentity {
  subject: string;
  email: string;
  name: string;
  role: Role;
}

export type ClaimsVerdict = { identity: SsoIdentity } | { refusal: SsoRefusal; email?: string };

export type RoleMapping = Pick<SsoConfig, "allowedDomains" | "roleClaim" | "adminGroups" | "leadGroups">;

const MAX_NAME = 100;
const email = z.email().max(254);

/** A display name from the usual claims, on one line and short whatever the provider sends. */
function displayName(claims: Record<string, unknown>, fallback: string): string {
  const text = (value: unknown) => (typeof value === "string" ? value.replace(/[\p{Cc}\s]+/gu, " ").trim() : "");
  const full = text(claims.name) || `${text(claims.given_name)} ${text(claims.family_name)}`.trim() || text(claims.preferred_username);
  return (full || fallback).slice(0, MAX_NAME);
}

/** The groups a claim lists: an array of strings or one string; null when the claim is missing or of another shape. */
export function groupsOf(value: unknown): string[] | null {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === "string");
  return null;
}

/** Admin wins over lead; a member of neither is an agent. */
export function roleFromGroups(groups: readonly string[], mapping: Pick<RoleMapping, "adminGroups" | "leadGroups">): Role {
  const member = new Set(groups);
  if (mapping.adminGroups.some((group) => member.has(group))) return "admin";
  if (mapping.leadGroups.some((group) => member.has(group))) return "lead";
  return "agent";
}

/** Whether an email's domain is allowed: any when no domain is listed, else exactly one of them (not a subdomain). */
export function isAllowedDomain(address: string, allowedDomains: readonly string[]): boolean {
  if (allowedDomains.length === 0) return true;
  const domain = address.slice(address.lastIndexOf("@") + 1).toLowerCase();
  return allowedDomains.includes(domain);
}

/**
 * Checks the claims of a verified id_token (and the provider's userinfo) in the order that keeps outsiders
 * out first: an email of an allowed domain, verified by the provider (the email links to an existing
 * console user, so an unverified one could take over that account), then the role from the groups claim.
 * When a group mapping is configured, a missing groups claim refuses: the provider is not sending it, and
 * guessing "agent" would silently demote every admin.
 */
export function evaluateClaims(claims: Record<string, unknown>, mapping: RoleMapping): ClaimsVerdict {
  const subject = claims.sub;
  if (typeof subject !== "string" || subject.length === 0 || subject.length > 255) return { refusal: "invalid_response" };

  const parsedEmail = email.safeParse(typeof claims.email === "string" ? claims.email.trim().toLowerCase() : undefined);
  if (!parsedEmail.success) return { refusal: "no_email" };
  const address = parsedEmail.data;
  if (!isAllowedDomain(address, mapping.allowedDomains)) return { refusal: "domain", email: address };
  // Some providers send the flag as a string.
  if (claims.email_verified !== true && claims.email_verified !== "true") return { refusal: "email_unverified", email: address };

  let role: Role = "agent";
  if (mapping.adminGroups.length > 0 || mapping.leadGroups.length > 0) {
    const groups = groupsOf(claims[mapping.roleClaim]);
    if (!groups) return { refusal: "no_groups_claim", email: address };
    role = roleFromGroups(groups, mapping);
  }
  return { identity: { subject, email: address, name: displayName(claims, address.split("@")[0]), role } };
}
