import type { SsoRefusal } from "./claims";

/** The `error` query parameter that sends a refused single sign-on back to the sign-in page. */
export function signInErrorCode(refusal: SsoRefusal): string {
  return `sso-${refusal.replaceAll("_", "-")}`;
}

const SSO_MESSAGES: Record<SsoRefusal, string> = {
  invalid_response: "The identity provider’s answer was incomplete (no subject). Ask your admin to check the single sign-on setup.",
  no_email: "Your identity provider did not share your email address, which Tandem needs. Ask your admin to check the single sign-on setup.",
  domain: "Your email address is not in a domain allowed to sign in to this console. Sign in with your work account.",
  email_unverified: "Your identity provider has not verified your email address. Verify it there, or ask your admin.",
  no_groups_claim: "Your identity provider did not say which groups you are in, so Tandem cannot give you a role. Ask your admin to add the groups claim.",
  disabled: "This account is disabled. Ask an admin to enable it.",
  linked_elsewhere: "Your email belongs to a console user tied to another account at your identity provider. Ask an admin.",
  break_glass: "This email belongs to the console’s break-glass admin, who signs in with a password only, not with single sign-on.",
};

/**
 * The message the sign-in page shows for its `error` parameter: a refused single sign-on, or one of
 * next-auth's errors. Only known codes are shown as text; anything else gets a generic message.
 */
export function signInErrorMessage(code: string | undefined, providerName: string): string | null {
  if (!code) return null;
  const refusal = Object.keys(SSO_MESSAGES).find((reason) => signInErrorCode(reason as SsoRefusal) === code) as SsoRefusal | undefined;
  if (refusal) return SSO_MESSAGES[refusal];
  switch (code) {
    case "OAuthSignin":
      return `Tandem could not reach ${providerName}. Try again in a moment, or ask your admin.`;
    case "OAuthCallback":
      return `Signing in with ${providerName} did not complete: its answer did not check out or was cancelled. Try again.`;
    case "SessionRequired":
      return "Sign in to continue.";
    default:
      return "Signing in did not complete. Try again.";
  }
}
