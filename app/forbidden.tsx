import Link from "next/link";

/** Shown inside the console's layout, whose <main> it sits in: a region of it, not a second main. */
export default function Forbidden() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-semibold">You don’t have access to this page</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">Your role does not include it. Ask an admin if you need it.</p>
      <Link href="/usage" className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-100">
        Back to Usage
      </Link>
    </div>
  );
}
