/**
 * A JSON object read with one of its members left unread but for where its entries are: the host's render
 * of a big shop draws 50 of its 2,000 articles, and decoding and parsing the whole 490 KiB answer was half
 * of that render's CPU (issue 37). The bytes are walked once to find the member's entries (JSON's
 * structural characters are ASCII, and no byte of a multi-byte UTF-8 character is), the rest of the object
 * is decoded and parsed as usual, and an entry is decoded and parsed when it is asked for.
 *
 * What is left unread is only delimited, not checked: a fault inside an entry nobody asks for goes
 * unnoticed here. The client reads the whole answer with JSON.parse and its schema, so it still fails there.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

const decoder = new TextDecoder();

/**
 * Answers smaller than this are parsed whole: JSON.parse reads a café's 20 KiB in less time than walking
 * the bytes and parsing its entries one by one would take.
 */
export const LAZY_FROM = 64 * 1024;

/** Where an unread entry's value starts and ends (exclusive) in the bytes. */
class Span {
  constructor(
    readonly start: number,
    readonly end: number,
  ) {}
}

/** An object's entries in a JSON answer, each parsed when it is read (or already parsed, when it was small). */
export class JsonEntries {
  constructor(
    private readonly bytes: Uint8Array,
    /** Each entry's value, or where its text is. */
    private readonly entries: ReadonlyMap<string, unknown>,
  ) {}

  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The entry's value, parsed now (undefined when there is no such entry); a SyntaxError when it is not JSON. */
  get(key: string): unknown {
    const entry = this.entries.get(key);
    return entry instanceof Span
      ? JSON.parse(decoder.decode(this.bytes.subarray(entry.start, entry.end)))
      : entry;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Parses a JSON object whose member `key`, when it is an object, comes back as {@link JsonEntries}, its
 * entries unread when the answer is `lazyFrom` bytes or more. Throws a SyntaxError where JSON.parse would (in
 * all but the unread entries), when the JSON is no object, and when a big one has `key` twice.
 */
export function parseJsonLazily(
  bytes: Uint8Array,
  key: string,
  lazyFrom = LAZY_FROM,
): Record<string, unknown> {
  if (bytes.length < lazyFrom) {
    const value: unknown = JSON.parse(decoder.decode(bytes));
    if (!isObject(value)) throw new SyntaxError('Expected a JSON object');
    const member = value[key];
    if (isObject(member)) value[key] = new JsonEntries(bytes, new Map(Object.entries(member)));
    return value;
  }
  const scan = new Scanner(bytes);
  scan.skipBom();
  let lazy: { start: number; end: number; entries: JsonEntries } | null = null;
  scan.object((name, start) => {
    const isLazy = name === key;
    if (isLazy && lazy) throw new SyntaxError(`"${key}" appears twice`);
    if (!isLazy || bytes[start] !== OPEN_OBJECT) return scan.skipValue();
    const spans = new Map<string, Span>();
    scan.object((entry, from) => {
      const end = scan.skipValue();
      spans.set(entry, new Span(from, end));
      return end;
    });
    lazy = { start, end: scan.at, entries: new JsonEntries(bytes, spans) };
    return scan.at;
  });
  scan.whitespace();
  if (scan.at !== bytes.length) throw new SyntaxError('Unexpected text after the JSON object');
  const found = lazy as { start: number; end: number; entries: JsonEntries } | null;
  if (!found) return JSON.parse(decoder.decode(bytes)) as Record<string, unknown>;
  // The rest of the object, the lazy member's value replaced by an empty object: parsed, so checked, as usual.
  const rest = JSON.parse(
    `${decoder.decode(bytes.subarray(0, found.start))}{}${decoder.decode(bytes.subarray(found.end))}`,
  ) as Record<string, unknown>;
  rest[key] = found.entries;
  return rest;
}

/** Walks a JSON text's bytes: only as far as finding where values start and end. */
class Scanner {
  at = 0;

  constructor(private readonly bytes: Uint8Array) {}

  skipBom(): void {
    const b = this.bytes;
    if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) this.at = 3;
  }

  whitespace(): void {
    const b = this.bytes;
    let c = b[this.at];
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = b[++this.at];
  }

  private expect(byte: number, what: string): void {
    this.whitespace();
    if (this.bytes[this.at] !== byte) throw new SyntaxError(`Expected ${what} at byte ${this.at}`);
    this.at++;
  }

  /** Where the string starting here ends (after its closing quote). */
  private stringEnd(from: number): number {
    const b = this.bytes;
    let i = from + 1;
    for (let c = b[i]; c !== QUOTE; c = b[++i]) {
      if (c === undefined) throw new SyntaxError('Unterminated string');
      if (c === BACKSLASH) i++;
    }
    return i + 1;
  }

  /** The name whose string spans `from` to `end`: built at once when plain ASCII, else decoded and parsed. */
  private name(from: number, end: number): string {
    const b = this.bytes;
    let name = '';
    for (let i = from + 1; i < end - 1; i++) {
      const c = b[i]!;
      // An escape, a multi-byte character or a control character: read (or refused) as JSON.parse would.
      if (c === BACKSLASH || c >= 0x80 || c < 0x20)
        return JSON.parse(decoder.decode(b.subarray(from, end))) as string;
      name += String.fromCharCode(c);
    }
    return name;
  }

  /**
   * The object starting here, member by member: `member(name, start)` is called with the scanner at the
   * value's start and returns where the value ends.
   */
  object(member: (name: string, start: number) => number): void {
    this.expect(OPEN_OBJECT, '{');
    this.whitespace();
    if (this.bytes[this.at] === CLOSE_OBJECT) {
      this.at++;
      return;
    }
    for (;;) {
      this.whitespace();
      if (this.bytes[this.at] !== QUOTE) throw new SyntaxError(`Expected a name at byte ${this.at}`);
      const end = this.stringEnd(this.at);
      const name = this.name(this.at, end);
      this.at = end;
      this.expect(COLON, ':');
      this.whitespace();
      this.at = member(name, this.at);
      this.whitespace();
      const next = this.bytes[this.at++];
      if (next === CLOSE_OBJECT) return;
      if (next !== COMMA) throw new SyntaxError(`Expected , or } at byte ${this.at - 1}`);
    }
  }

  /** Where the value starting here ends: a string, or an object or array to its matching bracket, or a literal. */
  skipValue(): number {
    const b = this.bytes;
    let i = this.at;
    let depth = 0;
    for (let c = b[i]; c !== undefined; c = b[++i]) {
      if (c === QUOTE) {
        i = this.stringEnd(i) - 1;
        if (depth === 0) return i + 1;
      } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
      else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        if (depth === 0) break;
        if (--depth === 0) return i + 1;
      } else if (depth === 0 && (c === COMMA || c <= 0x20)) break;
    }
    if (depth > 0) throw new SyntaxError('Unexpected end of JSON');
    if (i === this.at) throw new SyntaxError(`Expected a value at byte ${i}`);
    return i;
  }
}
