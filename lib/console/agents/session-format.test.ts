import { describe, expect, it } from "vitest";
import { formatMetadata, recordingUrl } from "./session-format";

describe("recordingUrl", () => {
  it("links the video, else the public video", () => {
    expect(recordingUrl({ video_url: "https://video.example.com/s_1.mp4", public_video_url: "https://pub.example.com/s_1" })).toBe(
      "https://video.example.com/s_1.mp4",
    );
    expect(recordingUrl({ video_url: null, public_video_url: "https://pub.example.com/s_1" })).toBe("https://pub.example.com/s_1");
    expect(recordingUrl({ video_url: null, public_video_url: null })).toBeNull();
  });

  it("never links a URL that would run script, nor text that is no URL", () => {
    expect(recordingUrl({ video_url: "javascript:alert(1)", public_video_url: null })).toBeNull();
    expect(recordingUrl({ video_url: "data:text/html,<script>1</script>", public_video_url: "not a url" })).toBeNull();
  });
});

describe("formatMetadata", () => {
  it("writes keys in order on one line", () => {
    expect(formatMetadata({ ticket: "T-1", channel: "chat", priority: 2, vip: true })).toBe("channel=chat; priority=2; ticket=T-1; vip=true");
    expect(formatMetadata(undefined)).toBe("");
  });
});
