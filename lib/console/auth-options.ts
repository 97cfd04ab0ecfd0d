import "server-only";
import type { NextAuthOptions } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { loadSecret, SECRET_FILES } from "@/lib/secrets";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { recordAudit } from "./audit";
import { clientIp } from "./request-ip";
import { IDLE_LIMIT_SECONDS } from "./session-limits";
import { signIn, SignInError } from "./sign-in";

const credentialsSchema = z.object({
  email: z.email({ error: "Enter a valid email address." }),
  password: z.string().min(1, "Enter your password."),
});

export function authSecret(): string {
  return loadSecret(env().DATA_DIR, SECRET_FILES.auth, env().NEXTAUTH_SECRET);
}

let options: NextAuthOptions | undefined;

/** Built on first use, never at build time (it reads the configuration). */
export function authOptions(): NextAuthOptions {
  options ??= {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: IDLE_LIMIT_SECONDS, updateAge: 60 },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      Credentials({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          const parsed = credentialsSchema.safeParse(credentials ?? {});
          if (!parsed.success) {
            // Audited too: every attempt is, and what was typed is kept short (it may be anything).
            const typed = String(credentials?.email ?? "").slice(0, 200);
            await recordAudit(await getDb(), {
              action: "sign_in",
              outcome: "failure",
              actorEmail: typed,
              ip: clientIp(req.headers ?? {}),
              detail: { reason: "malformed" },
            });
            throw new Error(parsed.error.issues[0].message);
          }
          try {
            const user = await signIn(await getDb(), { ...parsed.data, ip: clientIp(req.headers ?? {}) });
            return { id: user.id, name: user.name, email: user.email };
          } catch (error) {
            if (error instanceof SignInError) throw new Error(error.message);
            throw error;
          }
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) token.signedInAt = Date.now();
        return token;
      },
      session({ session, token }) {
        session.user = { id: token.sub ?? "", name: token.name ?? "", email: token.email ?? "" };
        session.signedInAt = token.signedInAt ?? 0;
        return session;
      },
    },
  };
  return options;
}
