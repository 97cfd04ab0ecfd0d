import { redactUrl } from "@/lib/contract";
import type { Team } from "../../teams/team";
import type { PageInput } from "./pageview-history";

/**
 * The page as it may be stored and shown to agents: the visitor script already redacts its URLs, but an
 * older script (or anyone with the public key) may send them raw.
 */
export function redactedPage(team: Pick<Team, "urlRedactedParams">, page: PageInput): PageInput {
  return {
    url: redactUrl(page.url, team.urlRedactedParams),
    title: page.title,
    referrer: page.referrer ? redactUrl(page.referrer, team.urlRedactedParams) : page.referrer,
  };
}
