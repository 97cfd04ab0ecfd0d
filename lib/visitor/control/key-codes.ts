/**
 * The `code`, legacy `keyCode` and Shift state a key press carries when only its `key` is known (the
 * characters of a typed text), on a US layout: pages still read `keyCode`/`which` (13 for Enter) as
 * often as `key`.
 */

const SHIFTED_DIGITS = ")!@#$%^&*(";
/** Punctuation: unshifted, shifted, code, keyCode. */
const PUNCTUATION: [string, string, string, number][] = [
  ["-", "_", "Minus", 189],
  ["=", "+", "Equal", 187],
  ["[", "{", "BracketLeft", 219],
  ["]", "}", "BracketRight", 221],
  ["\\", "|", "Backslash", 220],
  [";", ":", "Semicolon", 186],
  ["'", '"', "Quote", 222],
  [",", "<", "Comma", 188],
  [".", ">", "Period", 190],
  ["/", "?", "Slash", 191],
  ["`", "~", "Backquote", 192],
];

const NAMED: Record<string, number> = {
  Backspace: 8,
  Tab: 9,
  Enter: 13,
  Shift: 16,
  Control: 17,
  Alt: 18,
  CapsLock: 20,
  Escape: 27,
  " ": 32,
  PageUp: 33,
  PageDown: 34,
  End: 35,
  Home: 36,
  ArrowLeft: 37,
  ArrowUp: 38,
  ArrowRight: 39,
  ArrowDown: 40,
  Insert: 45,
  Delete: 46,
  Meta: 91,
  ContextMenu: 93,
};

export interface KeyIdentity {
  code: string;
  keyCode: number;
  /** Shift is needed to type this character on a US layout. */
  shifted: boolean;
}

export function identifyKey(key: string): KeyIdentity {
  if (/^[a-z]$/i.test(key)) return { code: `Key${key.toUpperCase()}`, keyCode: key.toUpperCase().charCodeAt(0), shifted: key !== key.toLowerCase() };
  if (/^[0-9]$/.test(key)) return { code: `Digit${key}`, keyCode: key.charCodeAt(0), shifted: false };
  const digit = SHIFTED_DIGITS.indexOf(key);
  if (digit >= 0) return { code: `Digit${digit}`, keyCode: 48 + digit, shifted: true };
  const mark = PUNCTUATION.find(([plain, shifted]) => key === plain || key === shifted);
  if (mark) return { code: mark[2], keyCode: mark[3], shifted: key === mark[1] };
  if (key === " ") return { code: "Space", keyCode: 32, shifted: false };
  if (/^F([1-9]|1[0-2])$/.test(key)) return { code: key, keyCode: 111 + Number(key.slice(1)), shifted: false };
  return { code: key.length === 1 ? "" : key, keyCode: NAMED[key] ?? 0, shifted: false };
}
