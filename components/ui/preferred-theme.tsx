"use client";

import { useLayoutEffect } from "react";
import { applyPreferredTheme } from "./apply-preferred-theme";

/**
 * The head's theme script, once React has rendered: a page Next renders only in the browser (a 403 or
 * 404 answer's shell) never runs that inline script, so its theme is applied here.
 */
export function PreferredTheme() {
  useLayoutEffect(applyPreferredTheme, []);
  return null;
}
