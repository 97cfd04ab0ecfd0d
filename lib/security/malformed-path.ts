import type { ServerResponse } from "node:http";

/** Whether a request's path decodes: every percent-escape in it makes valid UTF-8. */
export function pathDecodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * The answer to a path that does not decode, for the whole server, before any route sees it (Next's
 * pages and route handlers would throw on it, a 500): 400, in the service's error envelope on its paths.
 */
export function answerMalformedPath(res: ServerResponse, servicePath: boolean): void {
  const message = "The path is not valid percent-encoding.";
  res.statusCode = 400;
  res.setHeader("Cache-Control", "no-store");
  if (servicePath) {
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify({ status: "error", error: "invalid_request", message }));
  } else {
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.end(`Bad request: ${message}\n`);
  }
}
