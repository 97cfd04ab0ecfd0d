// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { mountViewer, type Viewer } from "./mount-viewer";

const TANDEM = "https://tandem.example.com";
const claims = (payload: object) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(payload)).replace(/=+$/, "")}.signature`;
const TOKEN = claims({ sid: "s_abc", purpose: "viewer-token" });

let viewer: Viewer | undefined;
afterEach(() => {
  viewer?.destroy();
  viewer = undefined;
  document.body.innerHTML = "";
});

/** The viewer's frame, with what is posted to it recorded (happy-dom loads no frame). */
function mount(token = TOKEN) {
  const element = document.createElement("div");
  document.body.append(element);
  viewer = mountViewer(element, { token, endpoint: `${TANDEM}/` });
  const frame = element.querySelector("iframe")!;
  const posted: Array<[unknown, string]> = [];
  // The frame's window as the viewer sees it: what it posts there is recorded.
  const frameWindow = { postMessage: (message: unknown, origin: string) => void posted.push([message, origin]) };
  Object.defineProperty(frame, "contentWindow", { value: frameWindow });
  const fromFrame = (data: unknown, overrides: Partial<MessageEventInit> = {}) =>
    window.dispatchEvent(new MessageEvent("message", { data, origin: TANDEM, source: frameWindow as unknown as Window, ...overrides }));
  return { frame, posted, fromFrame };
}

describe("mountViewer", () => {
  it("frames the token's session at Tandem's origin, with no credential in the address", () => {
    const { frame } = mount();
    expect(frame.src).toBe(`${TANDEM}/watch/session/s_abc`);
    expect(frame.referrerPolicy).toBe("no-referrer");
    expect(frame.src).not.toContain("signature");
  });

  it("hands the token to its own frame at Tandem's origin, once, and to nobody else", () => {
    const { posted, fromFrame } = mount();
    fromFrame({ type: "tandem.viewer.ready", sessionId: "s_abc" }, { origin: "https://evil.example.net" });
    fromFrame({ type: "tandem.viewer.ready", sessionId: "s_abc" }, { source: window });
    expect(posted).toEqual([]);
    fromFrame({ type: "tandem.viewer.ready", sessionId: "s_abc" });
    fromFrame({ type: "tandem.viewer.ready", sessionId: "s_abc" });
    expect(posted).toEqual([[{ type: "tandem.viewer.start", token: TOKEN }, TANDEM]]);
  });

  it("reports the frame's state, end (once) and errors, and nothing from other windows", () => {
    const { fromFrame } = mount();
    const seen: unknown[] = [];
    viewer!.on("state", (state) => seen.push(["state", state.status]));
    viewer!.on("ended", ({ reason }) => seen.push(["ended", reason]));
    viewer!.on("error", ({ code }) => seen.push(["error", code]));
    const state = { status: "active", visitor: { id: "V1" }, viewers: [{ name: "Ada" }] };
    fromFrame({ type: "tandem.sessionState.update", state }, { source: window });
    fromFrame({ type: "tandem.sessionState.update", state });
    fromFrame({ type: "tandem.error", code: "refused", message: "No." });
    fromFrame({ type: "tandem.sessionEnded", reason: "visitor" });
    fromFrame({ type: "tandem.sessionEnded", reason: "visitor" });
    expect(seen).toEqual([
      ["state", "active"],
      ["error", "refused"],
      ["ended", "visitor"],
    ]);
  });

  it("drives the frame with the watch page's actions; refuses an unknown mode; destroy removes the frame", () => {
    const { frame, posted, fromFrame } = mount();
    viewer!.setMode("view");
    viewer!.end();
    expect(posted).toEqual([
      [{ action: "setTool", tool: "view" }, TANDEM],
      [{ action: "endSession" }, TANDEM],
    ]);
    expect(() => viewer!.setMode("erase" as never)).toThrow(TypeError);
    const states: unknown[] = [];
    viewer!.on("state", (state) => states.push(state));
    viewer!.destroy();
    fromFrame({ type: "tandem.sessionState.update", state: { status: "active", visitor: { id: "V1" }, viewers: [] } });
    expect(states).toEqual([]);
    expect(frame.isConnected).toBe(false);
  });

  it("refuses what is not a viewer token", () => {
    expect(() => mount("not-a-token")).toThrow(/not a Tandem viewer token/);
    expect(() => mount(claims({ purpose: "viewer-token" }))).toThrow(/not a Tandem viewer token/);
  });
});
