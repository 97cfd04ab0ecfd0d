export async function register() {
  // Only in the Node.js server, never while `next build` collects pages.
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  // First, so Tandem's server serves the live routes directly from its first requests (scripts/server.ts).
  const [{ registerDirectRoutes }, { DIRECT_ROUTES }] = await Promise.all([import("./lib/http/direct-routes"), import("./app/direct-routes")]);
  registerDirectRoutes(DIRECT_ROUTES);
  const { bootOrExit } = await import("./lib/boot");
  await bootOrExit();
}
