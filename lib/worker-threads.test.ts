import { describe, expect, it } from "vitest";
import { workerExecArgv } from "./worker-threads";

describe("the options of the server's worker threads", () => {
  it("drop the tsx loader in each form Node and tsx pass it, and keep the rest", () => {
    expect(workerExecArgv(["--conditions=react-server", "--import", "tsx"])).toEqual(["--conditions=react-server"]);
    expect(
      workerExecArgv([
        "--require",
        "/app/node_modules/tsx/dist/preflight.cjs",
        "--import",
        "file:///app/node_modules/tsx/dist/loader.mjs",
        "--conditions=react-server",
      ]),
    ).toEqual(["--conditions=react-server"]);
    expect(workerExecArgv(["--import=tsx", "--max-old-space-size=512", "--import", "./other.mjs"])).toEqual([
      "--max-old-space-size=512",
      "--import",
      "./other.mjs",
    ]);
  });
});
