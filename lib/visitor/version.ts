/**
 * The version of this copy of the visitor script: the app's (package.json), stamped in when the script
 * is bundled (scripts/build-visitor-script.ts), so a page still running a copy from an earlier release
 * is recognised: it is `Tandem.version` on the page and `scriptVersion` in each registration.
 */
declare const TANDEM_VISITOR_SCRIPT_VERSION: string | undefined;

/** Outside a bundle (a unit test importing the source) nothing is stamped. */
export const SCRIPT_VERSION = typeof TANDEM_VISITOR_SCRIPT_VERSION === "string" ? TANDEM_VISITOR_SCRIPT_VERSION : "unbundled";
