import type { Metadata } from "next";
import { headers } from "next/headers";
import { applyPreferredTheme } from "@/components/ui/apply-preferred-theme";
import { PreferredTheme } from "@/components/ui/preferred-theme";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Tandem", template: "%s · Tandem" },
  description: "Co-browse with your website's visitors.",
};

// Applies the saved or system theme before the first paint, so a dark page never flashes white.
const themeScript = `(${applyPreferredTheme.toString()})()`;

// Every page is rendered per request: its scripts carry that request's nonce (see proxy.ts).
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body>
        <PreferredTheme />
        {children}
      </body>
    </html>
  );
}
