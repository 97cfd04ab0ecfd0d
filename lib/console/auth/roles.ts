export const ROLES = ["agent", "lead", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { agent: "Agent", lead: "Team lead", admin: "Admin" };

/** Roles are ranked: a lead may do what an agent may, an admin what a lead may. */
export function hasRole(role: Role, required: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(required);
}
