import Link from "next/link";
import { CommandPalette } from "@/components/command-palette/command-palette";
import { PaletteButton } from "@/components/command-palette/palette-button";
import { NavDrawer } from "@/components/console/nav-drawer";
import { NavLinks } from "@/components/console/nav-links";
import { SessionKeepAlive } from "@/components/console/session-keep-alive";
import { SignOutButton } from "@/components/console/sign-out-button";
import { ThemeToggle } from "@/components/console/theme-toggle";
import { LazyHelpAlerts } from "@/components/help-queue/lazy-help-alerts";
import { Logo } from "@/components/ui/logo";
import { requirePage } from "@/lib/console/auth/caller";
import { ROLE_LABELS } from "@/lib/console/auth/roles";
import { CONSOLE_PAGES, navItems } from "@/lib/console/pages";

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const caller = await requirePage();
  const items = navItems(caller.role);

  return (
    <div className="flex min-h-screen flex-col lg:flex-row">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:m-2 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <NavDrawer
        bar={<PaletteButton compact />}
        brand={
          <Link href={CONSOLE_PAGES.usage.route} className="px-3 text-lg">
            <Logo />
          </Link>
        }
      >
        <nav aria-label="Console" className="flex flex-col gap-3">
          <PaletteButton />
          <NavLinks items={items} />
        </nav>
        <div className="mt-auto flex flex-col gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <div className="px-3" data-testid="current-user">
            <p className="truncate text-sm font-medium">{caller.name}</p>
            <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{caller.email}</p>
            <p className="mt-1 inline-block rounded bg-zinc-100 px-1.5 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
              {ROLE_LABELS[caller.role]}
            </p>
            <Link href={CONSOLE_PAGES.account.route} className="mt-1 block text-xs font-medium text-brand-700 hover:underline dark:text-brand-100">
              Account and password
            </Link>
          </div>
          <ThemeToggle />
          <SignOutButton />
        </div>
      </NavDrawer>
      <main id="main" className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
        {children}
      </main>
      <SessionKeepAlive />
      <LazyHelpAlerts />
      <CommandPalette items={items} />
    </div>
  );
}
