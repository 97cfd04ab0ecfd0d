/** Test helper run as a separate process: opens a PGlite folder, says "ready", and holds it until killed. */
import { openDatabase } from "./connection";

const dir = process.argv[2];
await openDatabase({ kind: "pglite", dir });
process.stdout.write(`ready ${process.pid}\n`);
process.on("SIGTERM", () => process.exit(0));
setInterval(() => undefined, 1 << 30);
