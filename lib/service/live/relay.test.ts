import { describe } from "vitest";
import { InProcessRelay } from "./in-process-relay";
import { relayContract } from "./relay-contract";

describe("InProcessRelay", () => relayContract(() => new InProcessRelay()));
