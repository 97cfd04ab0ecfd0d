/**
 * A server outlives whoever reads its output: when that reader goes away (a closed pipe, a terminal
 * gone), a line written afterwards fails with EPIPE. Unheard, that error reaches Next's uncaught-exception
 * logger, whose own line fails again, and again: the node spins and never gets to its SIGTERM drain.
 * Lines that cannot be written are dropped instead.
 */
export function dropUnwritableOutput(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});
}
