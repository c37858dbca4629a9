/**
 * Puts a rendered page into the built index.html (minified by the production build, or as written in
 * static/index.html by the dev build): the `<html lang>`, `<title>`, meta description and Open Graph tags,
 * the markup inside `#root` (in place of the loading view), and the data block just after it, before the early
 * start reads it. Every shop text goes in escaped: a title is text, never markup.
 */

/** What a page says about itself in `<head>`. */
export interface PageHead {
  /** BCP 47, for `<html lang>`. */
  lang: string;
  title?: string;
  description?: string;
  /** Open Graph properties (`og:title` …) and their values. */
  openGraph?: Readonly<Record<string, string>>;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text that is only text in HTML content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** The template's parts the render replaces; each must be there exactly once. */
const PARTS = {
  html: /<html\b[^>]*>/,
  title: /<title>[^<]*<\/title>/,
  description: /<meta name="?description"?[^>]*>/,
  // The loading view inside #root, up to the comment or script that follows the element.
  root: /(<div id="?root"?>)[\s\S]*?<\/main>\s*<\/div>/,
} as const;

type Part = keyof typeof PARTS;

/** A template cut at its parts: the text between them, and each part's own match, in the page's order. */
type Cut = { before: string; part: Part; match: RegExpExecArray }[];

/**
 * The template cut once (the render is given the same index.html for every page): a render then joins the
 * pieces, where it searched and copied the template four times (issue 37). Null for a template without every
 * part. A few templates are kept (a host has one).
 */
function cutOf(indexHtml: string): { pieces: Cut; after: string } | null {
  let cut = cuts.get(indexHtml);
  if (cut === undefined) {
    const found = (Object.keys(PARTS) as Part[]).map((part) => ({
      part,
      match: PARTS[part].exec(indexHtml),
    }));
    cut = null;
    if (found.every(({ match }) => match)) {
      const sorted = (found as { part: Part; match: RegExpExecArray }[]).sort(
        (a, b) => a.match.index - b.match.index,
      );
      let at = 0;
      const pieces: Cut = [];
      for (const { part, match } of sorted) {
        // Parts that overlap are no template the render knows.
        if (match.index < at) break;
        pieces.push({ before: indexHtml.slice(at, match.index), part, match });
        at = match.index + match[0].length;
      }
      if (pieces.length === sorted.length) cut = { pieces, after: indexHtml.slice(at) };
    }
    if (cuts.size >= 4) cuts.clear();
    cuts.set(indexHtml, cut);
  }
  return cut;
}

const cuts = new Map<string, { pieces: Cut; after: string } | null>();

/**
 * @param indexHtml - the built index.html
 * @param page - the head, the markup of `#root`, and the data block (already safe to put in a page)
 * @returns the page
 * @throws when the template lacks one of its parts
 */
export function insertIntoPage(
  indexHtml: string,
  page: { head: PageHead; root: string; data: string },
): string {
  const cut = cutOf(indexHtml);
  if (!cut) throw new Error('index.html is not a template the render knows');
  const { head } = page;
  const meta = Object.entries(head.openGraph ?? {})
    .map(([property, value]) => `<meta property="${escapeHtml(property)}" content="${escapeHtml(value)}">`)
    .join('');
  const filled: Record<Part, (match: RegExpExecArray) => string> = {
    html: () => `<html lang="${escapeHtml(head.lang)}">`,
    title: ([original]) => (head.title === undefined ? original : `<title>${escapeHtml(head.title)}</title>`),
    description: ([original]) =>
      head.description === undefined
        ? original
        : `<meta name="description" content="${escapeHtml(head.description)}">${meta}`,
    root: ([, open]) => `${open}${page.root}</div>${page.data}`,
  };
  let html = '';
  for (const { before, part, match } of cut.pieces) html += before + filled[part](match);
  return html + cut.after;
}
