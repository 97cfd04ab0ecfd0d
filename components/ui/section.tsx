import { Suspense } from "react";

/**
 * A titled block of a console page, with its actions (range switcher, export links) on the right. With a
 * `fallback`, its content loads on its own (a Suspense boundary) and the fallback holds its place meanwhile.
 */
export function Section({
  id,
  title,
  description,
  actions,
  fallback,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  actions?: React.ReactNode;
  fallback?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {fallback ? <Suspense fallback={fallback}>{children}</Suspense> : children}
    </section>
  );
}
