/**
 * Safe HTML for the demo's own pages (simulator, checkout, outbox…). Shop texts are hostile by design (the
 * `hostile` fixture), so every interpolated value is escaped by the `html` tag unless it is already SafeHtml.
 */

/** A string known to be safe HTML (built by {@link html}). */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

/** Escapes text for element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map((v: HtmlValue) => render(v)).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** Tagged template: interpolations are escaped, nested `html` results and arrays of them are kept. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** A valid 3- or 6-digit hex colour without '#', or null (anything else is ignored, never injected). */
export function safeHexColor(value: string | undefined | null): string | null {
  if (!value) return null;
  return /^(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value) ? `#${value}` : null;
}

const BASE_CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:16px;line-height:1.5;color:#1b1b1b;background:#f6f6f4}
main{max-width:960px;margin:0 auto;padding:16px}
h1{font-size:1.6rem;margin:.5rem 0 1rem}h2{font-size:1.25rem;margin:1.5rem 0 .5rem}
a{color:#0b57d0}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:8px;border-bottom:1px solid #ddd;vertical-align:top}
.card{background:#fff;border-radius:10px;padding:16px;margin:12px 0;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.buttons{display:flex;flex-wrap:wrap;gap:8px}
button,.button{font:inherit;min-height:44px;padding:8px 16px;border-radius:8px;border:1px solid #888;background:#fff;color:#1b1b1b;cursor:pointer;text-decoration:none;display:inline-flex;align-items:center}
button.primary{background:#1b6e3a;border-color:#1b6e3a;color:#fff}
button.danger{background:#a3261b;border-color:#a3261b;color:#fff}
code{background:#eee;padding:1px 4px;border-radius:4px;word-break:break-all}
.muted{color:#555}
ul{padding-left:1.2rem}li{margin:.25rem 0}
pre{white-space:pre-wrap;word-break:break-word;background:#fff;padding:12px;border-radius:8px;border:1px solid #ddd}
@media (max-width:600px){th,td{padding:6px 4px;font-size:.9rem}main{padding:10px}}
`;

/** A complete page: `<html lang>`, viewport meta, the shared legible-on-a-phone styles. */
export function htmlPage(options: {
  title: string;
  lang?: string;
  body: SafeHtml;
  css?: string;
  head?: SafeHtml;
}): string {
  const css = options.css ?? '';
  return `<!doctype html>${
    html`<html lang="${options.lang ?? 'sv'}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${options.title}</title>
        ${options.head ?? null}
        <style>
          ${new SafeHtml(BASE_CSS + css)}
        </style>
      </head>
      <body>
        <main>${options.body}</main>
      </body>
    </html>`.value
  }`;
}

/** Headers for the demo's HTML pages: no scripts, same-origin forms and images only. */
export const HTML_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
} as const;
