"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Replayer } from "rrweb";
import "rrweb/dist/style.css";
import type { RecordedEvent } from "@/lib/contract";
import type { Point } from "../control/input-messages";
import { withoutReferrerPolicies } from "./referrer-guard";
import { deepElementFromPoint } from "@/lib/dom/shadow";
import { drawCanvasImages, followScrollAtOnce, REPLAY_STYLE_RULES, showSelectedOptions } from "./replay-fidelity";
import { closeDialogsWithTheVisitor, followVisitorHover, keepFocusOutOfTheMirror } from "./replay-states";
import { followVisitorFocus, type FocusMarks } from "./visitor-focus";

/** The visitor's viewport size, in its pixels. */
export interface Size {
  width: number;
  height: number;
}

/** What the agent's tools ask of the mirror: the nodes it shows, by their rrweb ids. */
export interface Mirror {
  /** What the mirror shows at a point of the visitor's page (inside open shadow roots) and its rrweb id (-1: none of the page's). */
  at: (point: Point) => { id: number; target: Element | null };
  /** A mirrored node's rrweb id (-1: none). */
  idOf: (node: Node) => number;
  nodeOf: (id: number) => Node | null;
}

/**
 * The visitor's page, replayed live with rrweb into `root`: its size and the visitor's focus marks as
 * they change, and the mirror's nodes for the agent's tools. The replayer starts with the first full
 * snapshot and ends with the component.
 */
export function useReplayer() {
  const root = useRef<HTMLDivElement>(null);
  const replayer = useRef<Replayer | null>(null);
  const [size, setSize] = useState<Size | null>(null);
  const [marks, setMarks] = useState<FocusMarks>({ id: null, focus: null, selection: [] });

  const add = useCallback((events: RecordedEvent[], reset: boolean) => {
    if (!root.current) return;
    if (!replayer.current) {
      if (!reset) return;
      replayer.current = new Replayer([], {
        root: root.current,
        liveMode: true,
        mouseTail: false,
        triggerFocus: false,
        // The visitor's scripts never run in the replay: canvases are drawn from images instead.
        UNSAFE_replayCanvas: false,
        insertStyleRules: REPLAY_STYLE_RULES,
      });
      drawCanvasImages(replayer.current);
      showSelectedOptions(replayer.current);
      followVisitorFocus(replayer.current, setMarks);
      replayer.current.on("resize", (dimension) => setSize(dimension as Size));
      followScrollAtOnce(replayer.current);
      closeDialogsWithTheVisitor(replayer.current);
      keepFocusOutOfTheMirror(replayer.current);
      followVisitorHover(replayer.current);
      // The visitor's clock is not ours: each event is stamped on arrival and the live baseline is now,
      // so an event plays at the replayer's next frame (a baseline in the past would delay every event
      // by that much: rrweb plays an event `timestamp - baseline` after startLive).
      replayer.current.startLive(Date.now());
    }
    for (const event of events) replayer.current.addEvent({ ...withoutReferrerPolicies(event), timestamp: Date.now() } as Parameters<Replayer["addEvent"]>[0]);
  }, []);

  useEffect(() => () => replayer.current?.destroy(), []);

  const mirror = useMemo<Mirror>(
    () => ({
      at({ x, y }) {
        // What the agent points at, inside a web component's shadow root too (a field, a list).
        const doc = replayer.current?.iframe.contentDocument;
        const target = doc ? deepElementFromPoint(doc, x, y) : null;
        return { id: target ? replayer.current!.getMirror().getId(target) : -1, target };
      },
      idOf: (node) => replayer.current?.getMirror().getId(node) ?? -1,
      nodeOf: (id) => replayer.current?.getMirror().getNode(id) ?? null,
    }),
    [],
  );

  return { root, size, marks, add, mirror };
}
