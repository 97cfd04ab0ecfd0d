"use client";

import { useCallback, useEffect, useRef } from "react";
import type { ControlMessage } from "@/lib/contract";
import { createOutbox } from "./outbox";

/** The watch session's one way out for the agent's messages: in order, one at a time, through the latest `onControl`. */
export function useOutbox(onControl: (message: ControlMessage) => unknown): (message: ControlMessage) => void {
  const deliver = useRef(onControl);
  useEffect(() => {
    deliver.current = onControl;
  }, [onControl]);
  const outbox = useRef<ReturnType<typeof createOutbox> | null>(null);
  return useCallback((message: ControlMessage) => {
    outbox.current ??= createOutbox((next) => deliver.current(next));
    outbox.current(message);
  }, []);
}
