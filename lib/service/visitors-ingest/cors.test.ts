import { describe, expect, it } from "vitest";
import { COLLECT_CORS_HEADERS, collectPreflight } from "./cors";

describe("collect CORS", () => {
  it("answers the preflight with 204 and lets any site send the visitor headers", () => {
    const response = collectPreflight();
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-headers")).toBe("content-type, x-visitor-id, x-visitor-token");
    expect(response.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect(Object.keys(COLLECT_CORS_HEADERS)).toHaveLength(3);
  });
});
