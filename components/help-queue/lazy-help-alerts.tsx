"use client";

import dynamic from "next/dynamic";

/** The help alerts render nothing: their code (sound, notifications) can load after the page. */
export const LazyHelpAlerts = dynamic(() => import("./help-alerts").then((module) => module.HelpAlerts), { ssr: false });
