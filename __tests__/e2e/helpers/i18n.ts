import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Tree = { [key: string]: string | Tree };
export type Language = 'se' | 'en' | 'fi';

const cache = new Map<Language, Tree>();

function load(lng: Language): Tree {
  let tree = cache.get(lng);
  if (!tree) {
    tree = JSON.parse(
      readFileSync(join(__dirname, '..', '..', '..', 'translations', `${lng}.json`), 'utf8'),
    ) as Tree;
    cache.set(lng, tree);
  }
  return tree;
}

/**
 * A text of translations/{lng}.json as the app shows it: `{{name}}` interpolated and, when `count` is
 * given, the `_one`/`_other` plural form (Finnish, Swedish and English all pluralise one/other).
 */
export function text(lng: Language, key: string, vars: Record<string, string | number> = {}): string {
  const parts = key.split('.');
  const last = parts.pop() as string;
  let node: Tree = load(lng);
  for (const part of parts) node = node[part] as Tree;
  const leaf =
    'count' in vars ? (node[`${last}_${vars.count === 1 ? 'one' : 'other'}`] ?? node[last]) : node[last];
  if (typeof leaf !== 'string') throw new Error(`No text ${lng}:${key}`);
  return leaf.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? `{{${name}}}`));
}
