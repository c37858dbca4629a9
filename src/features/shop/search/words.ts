/**
 * The words of a text as the menu search sees them (docs/search.md): split at anything that is not a letter,
 * digit or combining mark (spaces, punctuation, hyphens, emoji, zero-width and direction characters), each
 * kept twice: as written (NFKC, lower-cased), for "matched as typed", and folded (NFKD, combining marks
 * removed, lower-cased: é → e, å ä → a, ö → o; plus the few letters that have no decomposition).
 */

/** One word of a text or of a query. */
interface Word {
  /** NFKC-normalised and lower-cased, accents kept: what "as typed" is compared with. */
  readonly exact: string;
  /** Accents and the marks of å, ä, ö removed (NFKD, marks stripped, lower-cased). Never empty. */
  readonly folded: string;
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const MARKS = /\p{M}+/gu;
/** A word of plain ASCII letters and digits is its own fold. */
const ASCII = /^[a-z0-9]*$/;
/** Latin letters whose accent is part of the letter (NFKD leaves them whole). */
const UNDECOMPOSED: Readonly<Record<string, string>> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const UNDECOMPOSED_LETTER = /[øæœßłđðþı]/g;

/** A word with its accents and marks removed: "Caffè" → "caffe", "Äppeljuice" → "appeljuice". */
function fold(word: string): string {
  return word
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(UNDECOMPOSED_LETTER, (letter) => UNDECOMPOSED[letter] ?? letter);
}

/** Folds of the words seen so far, for a run over many texts (folding is the costly part of reading). */
export type FoldCache = Map<string, string>;

/** The words of `text`, in order (repeats kept). */
export function wordsOf(text: string, cache?: FoldCache): Word[] {
  const words: Word[] = [];
  for (const match of text.normalize('NFKC').toLowerCase().matchAll(WORD)) {
    const exact = match[0];
    let folded = ASCII.test(exact) ? exact : cache?.get(exact);
    if (folded === undefined) {
      folded = fold(exact);
      cache?.set(exact, folded);
    }
    // A run of lone combining marks folds to nothing: it is no word.
    if (folded !== '') words.push({ exact, folded });
  }
  return words;
}
