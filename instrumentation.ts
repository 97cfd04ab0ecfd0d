export async function register() {
  // Only in the Node.js server, never while `next build` collects pages.
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { bootOrExit } = await import("./lib/boot");
  await bootOrExit();
}
