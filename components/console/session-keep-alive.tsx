"use client";

import { useEffect } from "react";

const REFRESH_EVERY_MS = 60_000;

/**
 * Console sessions expire after 30 idle minutes. While the user is active (pointer, keys, focus) this
 * asks for the session at most once a minute, which re-issues the cookie with a fresh expiry.
 */
export function SessionKeepAlive() {
  useEffect(() => {
    let last = Date.now();
    const onActivity = () => {
      if (Date.now() - last < REFRESH_EVERY_MS) return;
      last = Date.now();
      // Imported on first use: next-auth's client stays out of every console page's first load.
      void import("next-auth/react").then(({ getSession }) => getSession());
    };
    const events = ["pointerdown", "keydown", "focus"] as const;
    for (const event of events) window.addEventListener(event, onActivity, { passive: true });
    return () => {
      for (const event of events) window.removeEventListener(event, onActivity);
    };
  }, []);
  return null;
}
