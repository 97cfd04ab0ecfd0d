/** A letter, digit or underscore: what a double-click takes as part of a word. */
const WORD_CHARACTER = /[\p{L}\p{N}\p{M}_]/u;

/**
 * The word around `offset` in `text`, as a double-click selects it: the run of word characters the
 * offset touches, or, between two non-word characters, the one character after it.
 */
export function wordAt(text: string, offset: number): [number, number] {
  let start = Math.max(0, Math.min(offset, text.length));
  let end = start;
  while (start > 0 && WORD_CHARACTER.test(text[start - 1])) start--;
  while (end < text.length && WORD_CHARACTER.test(text[end])) end++;
  if (start === end && end < text.length) end++;
  return [start, end];
}

/** The line around `offset` in `text`, without its line break, as a triple-click in a text area selects it. */
export function lineAt(text: string, offset: number): [number, number] {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  const end = text.indexOf("\n", offset);
  return [start, end === -1 ? text.length : end];
}
