import { BUTTON, END_BUTTON, FONT, element, ownPart } from "../ui/ui";

/**
 * The call as the visitor sees it: "On a call" with Mute/Unmute and End call in the help bar (or on its
 * own at the bottom of the page when there is no bar), the agent's voice in a hidden audio element, and
 * the agent's camera in a small video when they show it.
 */
export function showCallPanel(onMute: (muted: boolean) => void, onEnd: () => void) {
  const bar = document.querySelector<HTMLElement>("[data-tandem-bar]");
  const panel = ownPart(
    "div",
    bar
      ? "display:flex;gap:8px;align-items:center;"
      : `${FONT}position:fixed;z-index:2147483646;right:16px;bottom:16px;display:flex;gap:8px;align-items:center;padding:8px;border-radius:999px;background:#18181b;color:#fff;`,
    "call-bar",
    "group",
    "Call with the agent",
  );
  const label = element("span", "", "On a call");
  const video = element("video", "display:none;width:96px;height:72px;border-radius:8px;background:#000;object-fit:cover;");
  video.muted = video.autoplay = video.playsInline = true;
  video.setAttribute("aria-label", "The agent's camera");
  const mute = element("button", `${BUTTON}background:#fff;color:#18181b;border-radius:999px;`, "Mute");
  const end = element("button", END_BUTTON, "End call");
  mute.type = end.type = "button";
  let muted = false;
  mute.addEventListener("click", () => {
    muted = !muted;
    mute.textContent = muted ? "Unmute" : "Mute";
    onMute(muted);
  });
  end.addEventListener("click", onEnd);
  const audio = element("audio", "display:none;");
  audio.autoplay = true;
  panel.append(label, video, mute, end, audio);
  (bar ?? document.body).appendChild(panel);
  return {
    /** The agent's voice, and their camera once they show it. */
    play(stream: MediaStream) {
      if (audio.srcObject !== stream) audio.srcObject = stream;
      void audio.play().catch(() => undefined);
      const camera = stream.getVideoTracks().some((track) => track.readyState === "live" && !track.muted);
      video.style.display = camera ? "block" : "none";
      if (camera && video.srcObject !== stream) video.srcObject = stream;
    },
    remove: () => panel.remove(),
  };
}
