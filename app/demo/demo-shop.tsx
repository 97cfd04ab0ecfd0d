"use client";

import { useState } from "react";
import { AskForHelp } from "./ask-for-help";

const PRODUCTS = [
  { id: "mug", name: "Tandem mug", price: 12 },
  { id: "tee", name: "Co-browse T-shirt", price: 24 },
  { id: "cap", name: "Support team cap", price: 18 },
];

const input =
  "mt-1 block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-600";

/** The demo's shop: buttons that change the page, a form with a password, and masked parts. */
export function DemoShop({ scriptReady }: { scriptReady: boolean }) {
  const [cart, setCart] = useState<Record<string, number>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const count = Object.values(cart).reduce((sum, n) => sum + n, 0);
  const total = PRODUCTS.reduce((sum, product) => sum + (cart[product.id] ?? 0) * product.price, 0);

  return (
    <main className="mx-auto flex min-h-screen max-w-4xl flex-col gap-6 p-6 text-zinc-900 dark:text-zinc-100">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Demo shop</h1>
        <p className="rounded-lg border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800">
          {/* The visitor script fills the code in, possibly before React hydrates this element. */}
          Your support code:{" "}
          <strong id="cobrowse-lookup-code" data-testid="lookup-code" className="tracking-widest" suppressHydrationWarning>
            {scriptReady ? "…" : "unavailable"}
          </strong>
        </p>
      </header>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Open the console in another window, find this visitor (search for the code above) and press Co-browse. Press Ctrl five times to see the code anywhere.
        Or ask for help: the console lists this visitor at the top of its Visitors page.
      </p>
      <AskForHelp />

      <section aria-labelledby="products-title" className="flex flex-col gap-3">
        <h2 id="products-title" className="text-lg font-semibold">
          Products
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {PRODUCTS.map((product) => (
            <li key={product.id} className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
              <p className="font-medium">{product.name}</p>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">${product.price}</p>
              <button
                type="button"
                data-testid={`add-${product.id}`}
                className="mt-3 rounded-md bg-brand-600 px-3 py-1.5 text-sm text-white hover:bg-brand-700"
                onClick={() => setCart((current) => ({ ...current, [product.id]: (current[product.id] ?? 0) + 1 }))}
              >
                Add to cart
              </button>
            </li>
          ))}
        </ul>
        <p role="status" data-testid="cart-summary">
          {count === 0 ? "Your cart is empty." : `${count} item${count === 1 ? "" : "s"} in your cart, $${total} in total.`}
        </p>
      </section>

      <section aria-labelledby="account-title" className="flex flex-col gap-3">
        <h2 id="account-title" className="text-lg font-semibold">
          Your account
        </h2>
        <form
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            setSaved(`Saved the account of ${String(data.get("name") || "someone")}.`);
          }}
        >
          <label className="text-sm font-medium">
            Name
            <input name="name" data-testid="name" autoComplete="name" className={input} />
          </label>
          <label className="text-sm font-medium">
            Email
            <input name="email" type="email" data-testid="email" autoComplete="email" className={input} />
          </label>
          <label className="text-sm font-medium">
            Password
            <input name="password" type="password" data-testid="password" autoComplete="new-password" className={input} />
          </label>
          <label className="text-sm font-medium">
            Card number
            <input name="card-number" data-testid="card" autoComplete="cc-number" inputMode="numeric" className={input} />
          </label>
          <div className="sm:col-span-2">
            <button type="submit" data-testid="save" className="rounded-md bg-brand-600 px-4 py-2 text-sm text-white hover:bg-brand-700">
              Save
            </button>
            {saved ? (
              <span role="status" data-testid="saved" className="ml-3 text-sm text-emerald-700 dark:text-emerald-300">
                {saved}
              </span>
            ) : null}
          </div>
        </form>
      </section>

      <section
        aria-labelledby="private-title"
        className="no-cobrowse rounded-lg border border-dashed border-zinc-300 p-4 dark:border-zinc-700"
        data-testid="private"
      >
        <h2 id="private-title" className="font-semibold">
          Private notes (class no-cobrowse)
        </h2>
        <p className="text-sm">Gift card balance: $73.20 — agents never see this box.</p>
      </section>
    </main>
  );
}
