// Imported first by the PGlite worker. Postgres in WebAssembly sets its files' modes through Emscripten's
// file system, which applies them with chmod (0666 for most files): chmod ignores the process's umask, so
// group and other bits are taken off here. The database's files stay the running account's alone.
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

const PRIVATE = ~0o077;
const { chmodSync, fchmodSync } = fs;
fs.chmodSync = (target, mode) => chmodSync(target, typeof mode === "number" ? mode & PRIVATE : mode);
fs.fchmodSync = (fd, mode) => fchmodSync(fd, typeof mode === "number" ? mode & PRIVATE : mode);
syncBuiltinESMExports();
