import "server-only";
import type { NextAuthOptions } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { loadSecret, SECRET_FILES } from "@/lib/secrets";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { recordAudit } from "../../audit/record";
import { authRequestIp } from "./auth-request";
import { clientIp } from "./request-ip";
import { IDLE_LIMIT_SECONDS } from "./session-limits";
import { signIn, SignInError } from "./sign-in";
import { passwordSignInAllowed, SSO_PROVIDER_ID, ssoConfig, type SsoConfig } from "../sso/config";
import { oidcProvider } from "../sso/provider";
import { signInErrorCode } from "../sso/sign-in-errors";
import { SSO_SIGN_IN_ACTION, ssoSignIn } from "../sso/sign-in";

const credentialsSchema = z.object({
  email: z.email({ error: "Enter a valid email address." }),
  password: z.string().min(1, "Enter your password."),
});

/** An id_token longer than this is not kept for the provider's sign-out page: the session cookie stays small. */
const MAX_KEPT_ID_TOKEN = 3_000;

export function authSecret(): string {
  return loadSecret(env().DATA_DIR, SECRET_FILES.auth, env().NEXTAUTH_SECRET);
}

function credentialsProvider(sso: SsoConfig | null) {
  return Credentials({
    name: "Email and password",
    credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
    async authorize(credentials, req) {
      const ip = clientIp(req.headers ?? {});
      const parsed = credentialsSchema.safeParse(credentials ?? {});
      // Audited too: every attempt is, and what was typed is kept short (it may be anything).
      const refuse = async (reason: string, email: string, message: string): Promise<never> => {
        await recordAudit(await getDb(), { action: "sign_in", outcome: "failure", actorEmail: email.slice(0, 200), ip, detail: { reason } });
        throw new Error(message);
      };
      if (!parsed.success) return refuse("malformed", String(credentials?.email ?? ""), parsed.error.issues[0].message);
      if (!passwordSignInAllowed(env(), parsed.data.email)) {
        return refuse("password_sign_in_off", parsed.data.email, `Password sign-in is turned off. Use “Sign in with ${sso?.displayName}”.`);
      }
      try {
        const user = await signIn(await getDb(), { ...parsed.data, ip });
        return { id: user.id, name: user.name, email: user.email };
      } catch (error) {
        if (error instanceof SignInError) throw new Error(error.message);
        throw error;
      }
    },
  });
}

/** next-auth's error of a single sign-on that failed before Tandem saw the claims (a bad state, a token for another audience…). */
const PROVIDER_ERROR = "OAUTH_CALLBACK_ERROR";

/** The message of what next-auth's logger is given: an error, or an object holding one (it passes it on as it is). */
function loggedMessage(metadata: unknown): string {
  if (metadata instanceof Error) return metadata.message;
  const { error, message } = (metadata ?? {}) as { error?: unknown; message?: unknown };
  if (error instanceof Error) return error.message;
  return typeof message === "string" ? message : "";
}

/** Audits a single sign-on that failed inside next-auth, with the first clause of its message (never a token). */
async function auditProviderError(issuer: string, message: string) {
  const ip = authRequestIp();
  if (ip === undefined) return;
  await recordAudit(await getDb(), {
    action: SSO_SIGN_IN_ACTION,
    outcome: "failure",
    ip,
    detail: { reason: message === "access_denied" ? "provider_refused" : "invalid_response", issuer, error: message.split(",")[0].slice(0, 120) },
  });
}

let options: NextAuthOptions | undefined;

/** Built on first use, never at build time (it reads the configuration). */
export function authOptions(): NextAuthOptions {
  if (options) return options;
  const sso = ssoConfig(env());
  options = {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: IDLE_LIMIT_SECONDS, updateAge: 60 },
    pages: { signIn: "/login", error: "/login" },
    providers: [credentialsProvider(sso), ...(sso ? [oidcProvider(sso)] : [])],
    callbacks: {
      async signIn({ user, account, profile }) {
        if (account?.provider !== SSO_PROVIDER_ID || !sso) return true;
        const claims = (profile ?? {}) as Record<string, unknown>;
        const result = await ssoSignIn(await getDb(), { issuer: String(claims.iss ?? sso.issuer), claims, ip: authRequestIp() ?? null }, sso);
        if ("refusal" in result) return `${env().NEXTAUTH_URL}/login?error=${signInErrorCode(result.refusal)}`;
        // The session is the console user's, not the provider's subject.
        Object.assign(user, { id: result.user.id, name: result.user.name, email: result.user.email });
        return true;
      },
      jwt({ token, user, account }) {
        if (!user) return token;
        // A fresh token at sign-in, with nothing of the provider's claims but a small enough id_token.
        const idToken =
          account?.provider === SSO_PROVIDER_ID && account.id_token && account.id_token.length <= MAX_KEPT_ID_TOKEN ? account.id_token : undefined;
        return { sub: user.id, name: user.name, email: user.email, signedInAt: Date.now(), provider: account?.provider, ...(idToken && { idToken }) };
      },
      session({ session, token }) {
        session.user = { id: token.sub ?? "", name: token.name ?? "", email: token.email ?? "" };
        session.signedInAt = token.signedInAt ?? 0;
        return session;
      },
    },
    events: {
      async signOut({ token }) {
        if (!token?.sub) return;
        await recordAudit(await getDb(), {
          action: "sign_out",
          actorId: token.sub,
          actorEmail: token.email,
          ip: authRequestIp() ?? null,
          detail: { method: token.provider === SSO_PROVIDER_ID ? "sso" : "password" },
        });
      },
    },
    logger: {
      error(code, metadata) {
        const message = loggedMessage(metadata);
        console.error(`[next-auth][error][${code}]`, message);
        if (sso && code === PROVIDER_ERROR) void auditProviderError(sso.issuer, message).catch(() => undefined);
      },
    },
  };
  return options;
}
