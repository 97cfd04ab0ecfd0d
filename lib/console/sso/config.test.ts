import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env/schema";
import { passwordSignInAllowed, ssoConfig } from "./config";
import { signInErrorCode, signInErrorMessage } from "./sign-in-errors";

const sso = {
  OIDC_ISSUER: "https://tenant.auth0.com/",
  OIDC_CLIENT_ID: "tandem",
  OIDC_CLIENT_SECRET: "s3cret-value",
  NEXTAUTH_URL: "https://tandem.example.com/",
};

describe("ssoConfig", () => {
  it("is null without an issuer", () => {
    expect(ssoConfig(parseEnv({}))).toBeNull();
  });

  it("gives the URLs to register at the provider and finds discovery under an issuer that ends with a slash", () => {
    expect(ssoConfig(parseEnv(sso))).toMatchObject({
      issuer: "https://tenant.auth0.com/",
      callbackUrl: "https://tandem.example.com/api/auth/callback/oidc",
      postLogoutRedirectUrl: "https://tandem.example.com/login",
      wellKnownUrl: "https://tenant.auth0.com/.well-known/openid-configuration",
      breakGlassEmail: null,
    });
  });

  it("names the break-glass admin (ADMIN_EMAIL, lower-cased), whom single sign-on keeps out", () => {
    expect(ssoConfig(parseEnv({ ...sso, ADMIN_EMAIL: "Ops@Example.com", ADMIN_PASSWORD: "long enough" }))?.breakGlassEmail).toBe("ops@example.com");
  });
});

describe("passwordSignInAllowed", () => {
  it("lets anyone use a password while password sign-in is on", () => {
    expect(passwordSignInAllowed(parseEnv(sso), "anyone@example.com")).toBe(true);
  });

  it("lets only the break-glass admin use a password once it is off", () => {
    const env = parseEnv({ ...sso, PASSWORD_SIGN_IN: "false", ADMIN_EMAIL: "ops@example.com", ADMIN_PASSWORD: "long enough" });
    expect(passwordSignInAllowed(env, "OPS@example.com")).toBe(true);
    expect(passwordSignInAllowed(env, "ann@example.com")).toBe(false);
    expect(passwordSignInAllowed(parseEnv({ ...sso, PASSWORD_SIGN_IN: "false" }), "ops@example.com")).toBe(false);
  });
});

describe("signInErrorMessage", () => {
  it("explains each refusal of a single sign-on, and next-auth's errors, by code", () => {
    expect(signInErrorMessage(signInErrorCode("domain"), "Okta")).toMatch(/not in a domain allowed/);
    expect(signInErrorMessage(signInErrorCode("no_groups_claim"), "Okta")).toMatch(/groups/);
    expect(signInErrorMessage(signInErrorCode("break_glass"), "Okta")).toMatch(/break-glass admin/);
    expect(signInErrorMessage("OAuthCallback", "Okta")).toMatch(/^Signing in with Okta did not complete/);
    expect(signInErrorMessage(undefined, "Okta")).toBeNull();
  });

  it("never shows the parameter's own text", () => {
    expect(signInErrorMessage("<script>alert(1)</script>", "Okta")).toBe("Signing in did not complete. Try again.");
  });
});
