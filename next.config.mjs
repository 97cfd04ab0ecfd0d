/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_DIST_DIR lets several builds of one checkout live side by side (e.g. parallel test runs).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // Started from its own files at run time (its worker threads load them): left to Node, not bundled.
  serverExternalPackages: ["piscina"],
  // `forbidden()` renders app/forbidden.tsx for a signed-in user without the role.
  experimental: { authInterrupts: true },
  reactStrictMode: true,
  // The type check is `npm run typecheck` (tsc over the whole project, part of `npm test`); repeating it in every
  // build cost `npm start`'s first run minutes on a small machine.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
