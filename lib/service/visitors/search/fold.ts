/**
 * The search's folding and word splitting as TypeScript. The database's search_fold, search_words_held and
 * search_words_of (migrations 0013, 0021 and 0022) make the visitors' words and fold what is typed; this side
 * lower-cases typed terms and names the fields that matched. fold.db.test.ts holds them together on the real
 * database.
 */

const OTHER_LETTERS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ħ: "h", ı: "i" };
const NOT_ASCII = /[^\x00-\x7f]/;

/**
 * Lower case letter by letter, as the database's lower() makes it: a capital sigma is σ wherever it
 * stands (String.prototype.toLowerCase makes it ς at the end of a word).
 */
export function lowerCase(text: string): string {
  return NOT_ASCII.test(text) ? Array.from(text, (letter) => letter.toLowerCase()).join("") : text.toLowerCase();
}

/** search_fold of migration 0013: lower case without accents, and the letters that have none spelled out (ß → ss). */
export function foldText(text: string): string {
  // Most text is ASCII, where folding is lower case alone (and a search presents up to 500 rows).
  if (!NOT_ASCII.test(text)) return text.toLowerCase();
  return lowerCase(text.normalize("NFD").replace(/[\u0300-\u036f]/g, "")).replace(/[ßæœøłđħı]/g, (letter) => OTHER_LETTERS[letter]);
}

// search_words_of and search_words_held (migration 0022) split folded text at Unicode's spaces and ASCII punctuation, and around runs of digits.
const SEPARATOR = /[\p{White_Space}!-/:-@[-\x60{-~]/u;
const DIGIT = /[0-9]/;
const endsWord = (next: string | undefined, digits: boolean) => next === undefined || SEPARATOR.test(next) || DIGIT.test(next) !== digits;

/** Whether `word` (all digits or none, as search_words_of gives them) is one of folded `text`'s words, without splitting it. */
export function holdsWord(text: string, word: string): boolean {
  if (!word) return false;
  const digits = DIGIT.test(word[0]);
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (endsWord(text[at - 1], digits) && endsWord(text[at + word.length], digits)) return true;
  }
  return false;
}
