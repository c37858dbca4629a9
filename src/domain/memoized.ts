/**
 * A pure function remembered by a text key: each key's value is computed once, then read back. A page render
 * asks the same small questions again and again (a price's text, a weekday's name, the text colour on a tag's
 * colour), on the server for every visitor. Bounded: past `limit` keys the memory starts afresh, so it never
 * holds more than `limit` values whatever the shops contain.
 *
 * @param compute - the function; it must depend on nothing but its arguments
 * @param keyOf - a text that tells apart any two sets of arguments whose values may differ
 * @param limit - the most values kept
 */
export function memoized<A extends unknown[], T>(
  compute: (...args: A) => T,
  keyOf: (...args: A) => string,
  limit: number,
): (...args: A) => T {
  const values = new Map<string, T>();
  return (...args) => {
    const key = keyOf(...args);
    if (values.has(key)) return values.get(key) as T;
    const value = compute(...args);
    if (values.size >= limit) values.clear();
    values.set(key, value);
    return value;
  };
}
