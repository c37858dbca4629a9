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

/**
 * Tells whether a template has every part the render replaces (a template that does not is answered as it
 * is, unrendered).
 */
function isRenderableTemplate(indexHtml: string): boolean {
  return Object.values(PARTS).every((part) => part.test(indexHtml));
}

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
  if (!isRenderableTemplate(indexHtml)) throw new Error('index.html is not a template the render knows');
  const { head } = page;
  const meta = Object.entries(head.openGraph ?? {})
    .map(([property, value]) => `<meta property="${escapeHtml(property)}" content="${escapeHtml(value)}">`)
    .join('');
  // Functions as replacements: a '$&' in a shop's title is text, not a replacement pattern.
  let html = indexHtml.replace(PARTS.html, () => `<html lang="${escapeHtml(head.lang)}">`);
  if (head.title !== undefined)
    html = html.replace(PARTS.title, () => `<title>${escapeHtml(head.title ?? '')}</title>`);
  if (head.description !== undefined)
    html = html.replace(
      PARTS.description,
      () => `<meta name="description" content="${escapeHtml(head.description ?? '')}">${meta}`,
    );
  return html.replace(PARTS.root, (_all, open: string) => `${open}${page.root}</div>${page.data}`);
}
