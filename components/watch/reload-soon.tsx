"use client";

import { useEffect } from "react";

/** Reloads the page after `seconds`: a notice of a passing outage tries again by itself. */
export function ReloadSoon({ seconds }: { seconds: number }) {
  useEffect(() => {
    const timer = setTimeout(() => location.reload(), seconds * 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return null;
}
