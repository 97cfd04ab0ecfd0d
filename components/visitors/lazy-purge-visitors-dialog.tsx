"use client";

import dynamic from "next/dynamic";
import { Button } from "@/components/ui/button";

/** Admins only, and never needed for the first paint: the dialog loads after the page behind a same-size button. */
export const LazyPurgeVisitorsDialog = dynamic(() => import("./purge-visitors-dialog").then((module) => module.PurgeVisitorsDialog), {
  ssr: false,
  loading: () => (
    <div className="flex flex-col items-end gap-2">
      <Button variant="danger" disabled>
        Purge offline visitors
      </Button>
    </div>
  ),
});
