import { escapeUTF8 } from "entities";

/** The proxy's own pages allow nothing but their inline style: they never run a script. */
export const PROXY_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** A page with a form may post it to the proxy itself, and nowhere else. */
export function proxyPageCsp(page: ProxyPage): string {
  return page.form ? PROXY_PAGE_CSP.replace("form-action 'none'", "form-action 'self'") : PROXY_PAGE_CSP;
}

export interface ProxyPage {
  status: number;
  title: string;
  message: string;
  /** Links offered, e.g. the session's retry_url. */
  actions?: { label: string; href: string }[];
  /** A button posting to `action` on the proxy (a step taken on purpose, which a GET is not). */
  form?: { label: string; action: string };
}

const STYLE =
  "body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#fafafa;color:#18181b}" +
  "main{max-width:32rem;padding:2rem}h1{font-size:1.5rem;margin:0 0 .5rem}a{color:#4f46e5}ul{padding:0;list-style:none;display:flex;gap:1rem}" +
  "button{font:inherit;font-weight:600;padding:.5rem 1rem;border:0;border-radius:.375rem;background:#4f46e5;color:#fff;cursor:pointer}" +
  "@media (prefers-color-scheme:dark){body{background:#18181b;color:#fafafa}a{color:#a5b4fc}}";

/** A short page of the proxy (an ended session, a refused address…), its text escaped. */
export function renderProxyPage(page: ProxyPage): string {
  const actions = page.actions?.length
    ? `<ul>${page.actions.map((action) => `<li><a href="${escapeUTF8(action.href)}">${escapeUTF8(action.label)}</a></li>`).join("")}</ul>`
    : "";
  const form = page.form
    ? `<form method="post" action="${escapeUTF8(page.form.action)}"><button type="submit">${escapeUTF8(page.form.label)}</button></form>`
    : "";
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeUTF8(page.title)} — Tandem</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${escapeUTF8(page.title)}</h1><p>${escapeUTF8(page.message)}</p>${form}${actions}</main></body></html>`
  );
}

export const PAGES = {
  linkSpent: {
    status: 410,
    title: "This link was already used",
    message: "A proxy session link opens once. If you closed the page, ask the agent who sent it for a new link.",
  },
  linkExpired: { status: 410, title: "This link has expired", message: "Proxy session links last a few minutes. Ask the agent who sent it for a new link." },
  linkInvalid: { status: 404, title: "This link is not valid", message: "Check that the whole link was copied, or ask the agent who sent it for a new one." },
  sessionEnded: {
    status: 403,
    title: "This proxy session is not open in this browser",
    message: "It has ended, or it was started in another browser. Ask the agent for a new proxy session link.",
  },
  notFound: { status: 404, title: "Nothing here", message: "This address is not part of a proxy session." },
  badAddress: { status: 400, title: "This address is not valid", message: "Part of it is not a valid escape (%xx)." },
  mirrorRefused: {
    status: 403,
    title: "Not available to the agent's view",
    message: "The agent's view of a proxied page gets its images, fonts, stylesheets and media, and only while the live session lasts.",
  },
  undecodable: { status: 502, title: "This page could not be read", message: "The site sent it in an encoding the proxy cannot read." },
  privateAddress: {
    status: 403,
    title: "This address cannot be visited",
    message: "The proxy does not visit addresses of private, loopback or link-local networks.",
  },
  unreachable: { status: 502, title: "The site could not be reached", message: "The proxy could not connect to the site. Try again in a moment." },
  timedOut: { status: 504, title: "The site took too long to answer", message: "The proxy gave up waiting for the site. Try again in a moment." },
  tooLarge: { status: 502, title: "This page is too large", message: "The proxy does not pass on answers this large." },
} satisfies Record<string, ProxyPage>;

/**
 * What a proxy session link shows before it is opened: mail and chat link scanners fetch links (GET),
 * and a link spent by them would be "already used" when the visitor clicks. Only the button opens it.
 */
export function openLinkPage(action: string): ProxyPage {
  return {
    status: 200,
    title: "Open the shared page",
    message: "This link opens a site through Tandem's co-browsing proxy, so that the person who sent it can help you there. It works once.",
    form: { label: "Open the page", action },
  };
}

/** The refusal of a navigation outside the session's allowed domains, with the session's retry_url when it has one. */
export function outsideAllowedDomainsPage(target: URL, retryHref: string | null): ProxyPage {
  return {
    status: 403,
    title: "This site is not part of this session",
    message: `${target.host} is outside the sites this proxy session may visit, so the proxy did not open it.`,
    actions: retryHref ? [{ label: "Retry", href: retryHref }] : [],
  };
}
