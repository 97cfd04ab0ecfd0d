import { describe } from "vitest";
import { InProcessRelay } from "./in-process-relay";
import { relayContract } from "./relay-contract.test-suite";

describe("InProcessRelay", () => relayContract(() => new InProcessRelay()));
