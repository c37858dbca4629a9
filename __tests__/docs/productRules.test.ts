/**
 * The code cites product rules by section ("§5"); docs/product-rules.md is where those numbers lead. This
 * keeps every citation resolvable inside the repository.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const RULES = path.join(ROOT, 'docs', 'product-rules.md');
const SCANNED = ['src', '__tests__', 'scripts'];
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|html|css|md)$/;

/** Every text file under `dir`, relative to the repository root. */
function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(rel);
    return TEXT_FILE.test(entry.name) ? [rel] : [];
  });
}

/** Section number → the first place that cites it (file:line), for a readable failure. */
function citedSections(): Map<number, string> {
  const cited = new Map<number, string>();
  for (const file of SCANNED.flatMap(filesUnder)) {
    readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (const match of line.matchAll(/§(\d+)/g)) {
          const n = Number(match[1]);
          if (!cited.has(n)) cited.set(n, `${file}:${i + 1}`);
        }
      });
  }
  return cited;
}

/** Section number → heading text, from `## §N Title` headings. */
function headings(markdown: string): Map<number, string> {
  const found = new Map<number, string>();
  for (const match of markdown.matchAll(/^## §(\d+) (.+)$/gm)) found.set(Number(match[1]), match[2] ?? '');
  return found;
}

describe('docs/product-rules.md', () => {
  const rules = readFileSync(RULES, 'utf8');

  it('every § the code cites has a section in docs/product-rules.md', () => {
    const cited = citedSections();
    expect(cited.size).toBeGreaterThan(0); // the scan found the citations at all
    const sections = headings(rules);
    const unresolved = [...cited]
      .filter(([n]) => !sections.has(n))
      .map(([n, where]) => `§${n} (first cited at ${where})`);
    expect(unresolved).toEqual([]);
  });

  it('has one heading per section, §1 to §9, in order', () => {
    const numbers = [...rules.matchAll(/^## §(\d+) /gm)].map((m) => Number(m[1]));
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
