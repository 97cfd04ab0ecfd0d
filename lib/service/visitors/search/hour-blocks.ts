/** The first blocks of hours are all of one size: the newest hours may hold none of a key for a while... */
const EVEN_BLOCKS = 48;
/** ...then each is this many times longer than the last, so that a walk through a month takes few blocks. */
const WIDER = 1.5;

/**
 * The hours from `newest` back, in blocks of `step` hours (the first longer by `quiet` hours, the ones
 * past EVEN_BLOCKS ever longer), as the edges between them: block i is the hours edges[i] down to
 * edges[i + 1] + 1. At most `hours` hours.
 */
export function hourBlocks(newest: number, step: number, quiet: number, hours: number): number[] {
  const oldest = newest - hours;
  const edges = [newest];
  let size = step;
  for (let edge = newest - Math.min(hours, quiet + size); ; edge -= size) {
    edges.push(Math.max(edge, oldest));
    if (edge <= oldest) return edges;
    if (edges.length > EVEN_BLOCKS) size = Math.ceil(size * WIDER);
  }
}
