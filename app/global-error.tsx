"use client";

import Link from "next/link";

export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", padding: "2rem" }}>
        <h1>Tandem hit an unexpected error</h1>
        <p>Try again; if it keeps happening, check the server log.</p>
        <p style={{ display: "flex", gap: "1rem", alignItems: "center" }}>
          <button type="button" onClick={reset}>
            Try again
          </button>
          <Link href="/visitors">Back to Visitors</Link>
        </p>
      </body>
    </html>
  );
}
