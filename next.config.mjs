/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_DIST_DIR lets several builds of one checkout live side by side (e.g. parallel test runs).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // PGlite loads its WASM and data files from its own package folder at run time.
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
  // `forbidden()` renders app/forbidden.tsx for a signed-in user without the role.
  experimental: { authInterrupts: true },
  reactStrictMode: true,
};

export default nextConfig;
