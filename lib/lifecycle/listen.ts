import type { Server } from "node:http";

/**
 * Listens on `port`, or stops the process with one line saying why and a non-zero status: a node that
 * cannot listen must not keep running as if it served (a port already taken, one it may not use).
 */
export function listenOrExit(server: Server, port: number, setting: string): Promise<void> {
  return new Promise((resolve) => {
    const fail = (error: NodeJS.ErrnoException) => {
      const why =
        error.code === "EADDRINUSE"
          ? `port ${port} is already in use by another program`
          : error.code === "EACCES"
            ? `this account may not listen on port ${port}`
            : error.message;
      console.error(`Tandem could not start: ${why}. Stop that program, or set ${setting} to a free port.`);
      process.exit(1);
    };
    server.once("error", fail);
    server.listen(port, () => {
      server.off("error", fail);
      resolve();
    });
  });
}
