import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface Session {
    user: { id: string; name: string; email: string };
    signedInAt: number;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    signedInAt?: number;
    /** How the session was signed into: "credentials" or "oidc". */
    provider?: string;
    /** The provider's id_token, as the hint of its sign-out page (only when small enough for the cookie). */
    idToken?: string;
  }
}
