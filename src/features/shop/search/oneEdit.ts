/**
 * "One typo" for the menu search: the Damerau (optimal string alignment) distance is at most 1, i.e. the two
 * strings are equal or differ by one inserted, deleted or replaced letter, or by two neighbouring letters
 * swapped. Linear in the length, no allocation (it runs over every candidate word on every keystroke).
 */

/** Whether `a` and the first `bLength` characters of `b` are at most one edit apart. */
export function withinOneEdit(a: string, b: string, bLength: number): boolean {
  const aLength = a.length;
  if (aLength - bLength > 1 || bLength - aLength > 1) return false;
  let i = 0;
  while (i < aLength && i < bLength && a.charCodeAt(i) === b.charCodeAt(i)) i += 1;
  if (i === aLength && i === bLength) return true;
  if (aLength > bLength) return sameTail(a, i + 1, b, i, bLength); // a has one letter more
  if (aLength < bLength) return sameTail(a, i, b, i + 1, bLength); // a lacks one letter
  if (sameTail(a, i + 1, b, i + 1, bLength)) return true; // one letter replaced
  return (
    i + 1 < aLength &&
    a.charCodeAt(i) === b.charCodeAt(i + 1) &&
    a.charCodeAt(i + 1) === b.charCodeAt(i) &&
    sameTail(a, i + 2, b, i + 2, bLength) // two neighbours swapped
  );
}

/** Whether a from `aFrom` to its end equals b from `bFrom` to `bEnd`. */
function sameTail(a: string, aFrom: number, b: string, bFrom: number, bEnd: number): boolean {
  if (a.length - aFrom !== bEnd - bFrom) return false;
  for (let k = 0; aFrom + k < a.length; k += 1) {
    if (a.charCodeAt(aFrom + k) !== b.charCodeAt(bFrom + k)) return false;
  }
  return true;
}
