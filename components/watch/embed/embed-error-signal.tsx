"use client";

import { useEffect } from "react";
import { postToParent } from "./embed-bridge";

/** Tells an embedding page that the session could not start (see docs/embedding.md). Renders nothing. */
export function EmbedErrorSignal({ message }: { message: string }) {
  useEffect(() => {
    postToParent({ type: "error", message });
    postToParent({ type: "sessionEnded", reason: "error" });
    postToParent({ type: "tandem.error", code: "not_started", message });
    postToParent({ type: "tandem.sessionEnded", reason: "error" });
  }, [message]);
  return null;
}
