/**
 * Issue 21: README.md is a newcomer's page (at most 150 lines: what the product is, the two commands, where
 * to read next), every page under docs/ is one click from it, and no relative link in the README or docs/
 * leads nowhere (a moved section must stay reachable). Each rule is tried on a planted violation.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const DOCS = path.join(ROOT, 'docs');

/** Relative link targets of a Markdown text (no scheme, no pure anchor), without their #anchor. */
function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => (match[1] as string).split('#')[0] as string)
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
}

/** The links of `file` (a path under ROOT) whose target does not exist. */
function brokenLinks(file: string, markdown: string): string[] {
  const dir = path.dirname(path.join(ROOT, file));
  return relativeLinks(markdown)
    .filter((target) => !existsSync(path.join(dir, target)))
    .map((target) => `${file} → ${target}`);
}

/** docs/*.md pages the README does not link to. */
function unlinkedDocs(readme: string, pages: string[]): string[] {
  const linked = new Set(relativeLinks(readme).map((target) => path.normalize(target)));
  return pages.filter((page) => !linked.has(path.join('docs', page)));
}

const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const pages = readdirSync(DOCS).filter((name) => name.endsWith('.md'));

describe('README: a newcomer reads it in five minutes, and everything else is one click away', () => {
  it('is at most 150 lines and shows the two commands', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
    expect(readme).toContain('npm install && npm start');
    expect(readme).toMatch(/^npm test\b/m);
  });

  it('links every page under docs/', () => {
    expect(pages.length).toBeGreaterThan(5);
    expect(unlinkedDocs(readme, pages)).toEqual([]);
    expect(unlinkedDocs(readme.replace('(docs/kiosk.md)', '(docs/elsewhere.md)'), pages)).toEqual([
      'kiosk.md',
    ]);
  });

  it('no relative link in the README or docs/ leads nowhere', () => {
    const broken = [
      ...brokenLinks('README.md', readme),
      ...pages.flatMap((page) => brokenLinks(`docs/${page}`, readFileSync(path.join(DOCS, page), 'utf8'))),
    ];
    expect(broken).toEqual([]);
    expect(brokenLinks('docs/kiosk.md', '![gone](kiosk/gone.png) [ok](kiosk.md#on-and-off)')).toEqual([
      'docs/kiosk.md → kiosk/gone.png',
    ]);
  });
});
