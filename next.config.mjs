/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite loads its WASM and data files from its own package folder at run time.
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
  // `forbidden()` renders app/forbidden.tsx for a signed-in user without the role.
  experimental: { authInterrupts: true },
  reactStrictMode: true,
};

export default nextConfig;
