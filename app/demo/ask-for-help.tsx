"use client";

import { useEffect, useState } from "react";

/** The part of the visitor script's page API (`window.Tandem`, docs/embedding.md) this button uses. */
interface TandemHelpApi {
  requestHelp: () => Promise<void>;
  cancelHelp: () => Promise<void>;
  isWaitingForHelp: () => boolean;
  on: (event: "session_started" | "session_ended", callback: () => void) => () => void;
}

type HelpState = { kind: "idle" } | { kind: "sending" } | { kind: "requested" } | { kind: "joined" } | { kind: "error"; message: string };

const tandem = () => (window as unknown as { Tandem?: TandemHelpApi }).Tandem;

/**
 * The shop's own help button, as a customer's site would build it on `Tandem.requestHelp()`: the
 * visitor joins the console's help queue, and the button says whether that worked.
 */
export function AskForHelp() {
  const [state, setState] = useState<HelpState>({ kind: "idle" });

  useEffect(() => {
    // The script loads asynchronously; a request made on an earlier page of this tab is still waiting.
    let stops: Array<() => void> = [];
    const stop = () => stops.forEach((remove) => remove());
    const attach = () => {
      const api = tandem();
      if (!api) return false;
      if (api.isWaitingForHelp()) setState({ kind: "requested" });
      stops = [api.on("session_started", () => setState({ kind: "joined" })), api.on("session_ended", () => setState({ kind: "idle" }))];
      return true;
    };
    if (attach()) return stop;
    const timer = setInterval(() => attach() && clearInterval(timer), 250);
    return () => {
      clearInterval(timer);
      stop();
    };
  }, []);

  const send = async (waiting: boolean) => {
    const api = tandem();
    if (!api) return setState({ kind: "error", message: "The support script has not loaded, so help cannot be asked for. Reload the page and try again." });
    setState({ kind: "sending" });
    try {
      await (waiting ? api.requestHelp() : api.cancelHelp());
      setState({ kind: waiting ? "requested" : "idle" });
    } catch {
      setState({ kind: "error", message: waiting ? "Your request for help could not be sent. Try again." : "Your request could not be cancelled. Try again." });
    }
  };

  const waiting = state.kind === "requested";
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        data-testid="demo-help"
        disabled={state.kind === "sending"}
        className="rounded-md border border-brand-600 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-60 dark:text-brand-100 dark:hover:bg-zinc-900"
        onClick={() => void send(!waiting)}
      >
        {waiting ? "Cancel help request" : "Ask for help"}
      </button>
      <p role="status" data-testid="demo-help-status" className="text-sm text-zinc-600 dark:text-zinc-400">
        {state.kind === "sending" ? "Sending…" : null}
        {state.kind === "requested" ? "Help requested: an agent will join you shortly." : null}
        {state.kind === "joined" ? "An agent has joined you." : null}
      </p>
      {state.kind === "error" ? (
        <p role="alert" data-testid="demo-help-error" className="text-sm text-red-700 dark:text-red-300">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
