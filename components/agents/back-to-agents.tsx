import Link from "next/link";

export function BackToAgents() {
  return (
    <Link href="/agents" className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-100">
      ← All agents
    </Link>
  );
}
