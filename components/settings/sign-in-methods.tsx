import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import type { SignInMethods as Methods } from "@/lib/console/settings/sign-in-methods";

const list = (values: string[], none: string) => (values.length > 0 ? values.join(", ") : none);

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-zinc-600 dark:text-zinc-400">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function UrlToRegister({ url, label }: { url: string; label: string }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <code className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs select-all dark:bg-zinc-800">{url}</code>
      <CopyButton value={url} label={label} />
    </span>
  );
}

/** How the console is signed into: password and single sign-on, with what to register at the provider. */
export function SignInMethods({ methods }: { methods: Methods }) {
  const { password, sso } = methods;
  return (
    <div className="flex flex-col gap-6 text-sm">
      <section aria-labelledby="password-sign-in-heading" className="flex flex-col gap-2">
        <h3 id="password-sign-in-heading" className="flex items-center gap-2 font-medium">
          Email and password <Badge tone={password.enabled ? "success" : "neutral"}>{password.enabled ? "On" : "Off"}</Badge>
        </h3>
        <p className="text-zinc-600 dark:text-zinc-400">
          {password.enabled
            ? "Console users sign in with the password an admin set for them."
            : password.breakGlassAdmin
              ? `Turned off (PASSWORD_SIGN_IN=false), except for the break-glass admin ${password.breakGlassAdmin} (ADMIN_EMAIL), for when the identity provider is unavailable.`
              : "Turned off (PASSWORD_SIGN_IN=false): everyone signs in with single sign-on."}
        </p>
      </section>
      <section aria-labelledby="sso-sign-in-heading" className="flex flex-col gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <h3 id="sso-sign-in-heading" className="flex items-center gap-2 font-medium">
          Single sign-on (OpenID Connect) <Badge tone={sso ? "success" : "neutral"}>{sso ? "On" : "Not configured"}</Badge>
        </h3>
        {sso ? (
          <dl className="flex flex-col gap-2" data-testid="sso-settings">
            <Row term="Button">Sign in with {sso.displayName}</Row>
            <Row term="Issuer">
              <code className="text-xs">{sso.issuer}</code>
              {sso.discovery ? null : <span className="ml-2 text-red-700 dark:text-red-300">Its discovery document cannot be read right now.</span>}
            </Row>
            <Row term="Client ID">
              <code className="text-xs">{sso.clientId}</code> <span className="text-zinc-500">(the client secret is set and never shown)</span>
            </Row>
            <Row term="Callback URL">
              <UrlToRegister url={sso.callbackUrl} label="Copy callback URL" />
              <span className="mt-1 block text-zinc-500">Register it at the provider as the redirect URI.</span>
            </Row>
            <Row term="Sign-out">
              {sso.discovery?.providerSignOut ? (
                <>
                  Signing out of Tandem signs out at the provider too, which sends the browser back to{" "}
                  <UrlToRegister url={sso.postLogoutRedirectUrl} label="Copy sign-out URL" />
                </>
              ) : (
                "Signing out ends the console session only: the provider offers no sign-out endpoint."
              )}
            </Row>
            <Row term="Scopes">{sso.scopes.join(" ")}</Row>
            <Row term="Allowed email domains">{list(sso.allowedDomains, "Any domain (set OIDC_ALLOWED_DOMAINS to restrict)")}</Row>
            <Row term="Role claim">
              <code className="text-xs">{sso.roleClaim}</code>
            </Row>
            <Row term="Admin groups">{list(sso.adminGroups, "None")}</Row>
            <Row term="Team lead groups">{list(sso.leadGroups, "None")}</Row>
            <Row term="Everyone else">Agent. Users are created at their first sign-in; their role follows the groups at every sign-in.</Row>
          </dl>
        ) : (
          <p className="text-zinc-600 dark:text-zinc-400">
            Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET to let agents sign in with your company’s identity provider (see docs/deploy.md).
          </p>
        )}
      </section>
    </div>
  );
}
