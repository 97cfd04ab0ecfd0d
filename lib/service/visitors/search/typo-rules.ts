/**
 * How far a typed word may be from a visitor's word and still find it: one edit (a letter inserted,
 * missing, changed, or two neighbours swapped) in a word of 4 letters or more, two in 8 or more. The
 * dictionary's deletion variants (migration 0013) follow the same lengths.
 */
export function allowedEdits(word: string): number {
  const length = [...word].length;
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

/**
 * Edits between two words, a swap of neighbours counting as one (optimal string alignment), or
 * `limit + 1` as soon as it is certainly more than `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > limit) return limit + 1;
  // Three rows of the table, reused: the one before the last (for a swap), the last, and this one.
  let before = new Int32Array(y.length + 1);
  let previous = Int32Array.from({ length: y.length + 1 }, (_, j) => j);
  let current = new Int32Array(y.length + 1);
  for (let i = 1; i <= x.length; i++) {
    current[0] = i;
    let best = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current[j] = value;
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[y.length], limit + 1);
}

/** Whether `candidate` is within the edits the typed word's length allows (and is not the word itself). */
export function isTypoOf(typed: string, candidate: string): boolean {
  const edits = allowedEdits(typed);
  return edits > 0 && candidate !== typed && editDistance(typed, candidate, edits) <= edits;
}
