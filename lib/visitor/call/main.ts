import { CALL_GLOBAL } from "../bundles/call-api";
import startCalls from "./visitor-call";

// cobrowse-call.js: fetched by the base script the first time an agent rings (lib/visitor/live.ts).
(window as unknown as Record<string, unknown>)[CALL_GLOBAL] = startCalls;
