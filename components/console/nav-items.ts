import type { Role } from "@/lib/console/auth/roles";

export interface NavItem {
  href: string;
  label: string;
  role: Role;
}

export const NAV_ITEMS: NavItem[] = [
  { href: "/usage", label: "Usage", role: "agent" },
  { href: "/visitors", label: "Visitors", role: "agent" },
  { href: "/agents", label: "Agents", role: "lead" },
  { href: "/audit", label: "Audit", role: "lead" },
  { href: "/settings", label: "Settings", role: "admin" },
];
