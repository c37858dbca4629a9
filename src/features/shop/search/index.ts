/**
 * The menu search (issue 26, docs/search.md): an index of the distinct normalised words of the shop's
 * product titles, descriptions, category names and tag names, each with the products it occurs in. Pure
 * TypeScript with no dependencies; loaded with `import()` (its own chunk, built when the page is idle), never
 * from the initial bundle.
 *
 * A query word matches a product when one of the product's words
 * - starts with it (prefix: "latt" → "latte", "vegan" → "Vegansk"; numbers too: "250" → "250 g");
 * - contains it, for query words of 4 letters or more, so the last part of a compound is found ("bulle" →
 *   "Kanelbulle", "piirakka" → "Mustikkapiirakka"); not for numbers;
 * - or, for query words of 5 letters or more that are not numbers, is one typo away from it (an inserted,
 *   missing or wrong letter, or two neighbours swapped): from the whole word ("lattte" → "latte"), or from
 *   its beginning when the typo lies inside the query, its first and last letters as in the word (so typing
 *   on after a typo keeps the product: "mustikapi" → "Mustikkapiirakka"; but "latte" does not find
 *   "Lättöl", nor "glass" "Klassisk").
 *
 * Case never matters; accents and the marks of å, ä, ö are ignored ("caffe" → "Caffè", "pa" → "på"), but a
 * product whose words match as typed ranks before one that needed the folding, and both before a typo.
 * Every query word must match (AND), each in any field.
 */
import { withinOneEdit } from './oneEdit';
import { type FoldCache, wordsOf } from './words';

/** What the search knows of one product. */
export interface SearchDoc {
  productId: string;
  title: string;
  description: string;
  categoryName: string;
  tagNames: string[];
}

/** How well a product matched: 0 as typed, 1 after folding accents/å ä ö, 2 with a typo. */
type Rank = 0 | 1 | 2;
const AS_TYPED = 0;
const FOLDED = 1;
const TYPO = 2;
const NO_MATCH = 3;

/** Query words this long (folded) also match inside a word (the end of a compound). */
const INFIX_MIN_LENGTH = 4;
/** Query words this long (folded) tolerate one typo. */
const TYPO_MIN_LENGTH = 5;
const DIGITS = /^\p{N}+$/u;

/** One spelling (as written, lower-cased) of a folded word, and the products (indexes) that use it. */
interface Spelling {
  readonly exact: string;
  readonly docs: readonly number[];
}

/** A distinct folded word. */
interface Entry {
  readonly folded: string;
  readonly spellings: readonly Spelling[];
  /** All digits: never matched by a typo. */
  readonly digits: boolean;
}

/** The built index. Opaque: read only by this module. */
export interface SearchIndex {
  /** Product ids, in the order of the documents given. */
  readonly ids: readonly string[];
  /** The distinct folded words, sorted (code unit order). */
  readonly entries: readonly Entry[];
}

/** Indexes the products' texts (about 10 ms of CPU for the big shop's 2,000 products). */
export function buildSearchIndex(docs: readonly SearchDoc[]): SearchIndex {
  const byFolded = new Map<string, Map<string, number[]>>();
  const folds: FoldCache = new Map();
  docs.forEach((doc, index) => {
    const text = [doc.title, doc.description, doc.categoryName, ...doc.tagNames].join('\n');
    for (const { exact, folded } of wordsOf(text, folds)) {
      let spellings = byFolded.get(folded);
      if (!spellings) {
        spellings = new Map();
        byFolded.set(folded, spellings);
      }
      const postings = spellings.get(exact);
      if (!postings) spellings.set(exact, [index]);
      else if (postings[postings.length - 1] !== index) postings.push(index);
    }
  });
  const entries: Entry[] = [...byFolded]
    .map(([folded, spellings]) => ({
      folded,
      spellings: [...spellings].map(([exact, docIndexes]) => ({ exact, docs: docIndexes })),
      digits: DIGITS.test(folded),
    }))
    .sort((a, b) => (a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : 0));
  return { ids: docs.map((doc) => doc.productId), entries };
}

/**
 * Products matching every word of `query`, each with its rank: 0 = every word matched as typed
 * (case-insensitively), 1 = matched only after folding accents/å ä ö, 2 = needed a one-letter typo. The map
 * lists them in the order of the documents given to `buildSearchIndex`. Empty or blank query → null (no
 * search); a query with no letters or digits at all (only punctuation or emoji) matches nothing.
 */
export function searchProducts(index: SearchIndex, query: string): Map<string, 0 | 1 | 2> | null {
  if (query.trim() === '') return null;
  const count = index.ids.length;
  const queryWords = new Map(wordsOf(query).map((word) => [word.exact, word.folded]));
  let ranks: Uint8Array | null = null;
  for (const [exact, folded] of queryWords) {
    const best = new Uint8Array(count).fill(NO_MATCH);
    rankWord(index.entries, exact, folded, best);
    let left = 0;
    if (ranks === null) {
      ranks = best;
      for (let d = 0; d < count; d += 1) if (best[d]! < NO_MATCH) left += 1;
    } else {
      for (let d = 0; d < count; d += 1) {
        if (best[d]! > ranks[d]!) ranks[d] = best[d]!;
        if (ranks[d]! < NO_MATCH) left += 1;
      }
    }
    if (left === 0) break;
  }
  const found = new Map<string, Rank>();
  if (ranks === null) return found;
  for (let d = 0; d < count; d += 1) {
    const rank = ranks[d]!;
    if (rank < NO_MATCH) found.set(index.ids[d]!, rank as Rank);
  }
  return found;
}

/** Writes into `best` each product's best rank for one query word. */
function rankWord(entries: readonly Entry[], exact: string, folded: string, best: Uint8Array): void {
  const length = folded.length;
  // Prefix: the sorted words starting with the folded query word are one run.
  let i = firstAtLeast(entries, folded);
  for (; i < entries.length && entries[i]!.folded.startsWith(folded); i += 1) {
    for (const spelling of entries[i]!.spellings) {
      mark(best, spelling.docs, spelling.exact.startsWith(exact) ? AS_TYPED : FOLDED);
    }
  }
  const number = DIGITS.test(folded);
  const infix = length >= INFIX_MIN_LENGTH && !number;
  const typo = length >= TYPO_MIN_LENGTH && !number;
  if (!infix && !typo) return;
  for (const entry of entries) {
    const word = entry.folded;
    // Shorter words can be neither a compound around the query word nor one typo from it.
    if (word.length < length - 1) continue;
    if (infix && word.length > length && word.includes(folded, 1)) {
      for (const spelling of entry.spellings) {
        mark(best, spelling.docs, spelling.exact.includes(exact) ? AS_TYPED : FOLDED);
      }
    } else if (typo && !entry.digits && oneTypoAway(folded, word)) {
      for (const spelling of entry.spellings) mark(best, spelling.docs, TYPO);
    }
  }
}

/**
 * Whether `query` is one typo from `word`, or from its beginning with the typo inside the query (its first
 * and last letters as in the word: "glass" does not find "Klassisk", nor "latte" "Lättöl").
 */
function oneTypoAway(query: string, word: string): boolean {
  const length = query.length;
  if (withinOneEdit(query, word, word.length)) return true;
  if (query.charCodeAt(0) !== word.charCodeAt(0)) return false;
  const last = query.charCodeAt(length - 1);
  for (let prefix = length - 1; prefix <= length + 1 && prefix < word.length; prefix += 1) {
    if (word.charCodeAt(prefix - 1) === last && withinOneEdit(query, word, prefix)) return true;
  }
  return false;
}

function mark(best: Uint8Array, docs: readonly number[], rank: number): void {
  for (const d of docs) if (rank < best[d]!) best[d] = rank;
}

/** Index of the first entry whose word is not below `word` (binary search). */
function firstAtLeast(entries: readonly Entry[], word: string): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (entries[middle]!.folded < word) low = middle + 1;
    else high = middle;
  }
  return low;
}
