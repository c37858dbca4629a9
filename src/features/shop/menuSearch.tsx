/**
 * Issue 26 the menu's search and tag filters: the code behind the search button of the category bar, its
 * own chunk (fetched when the page is idle, or at once when the address asks for a search), so the store's
 * first load carries only the button. The search itself is ./search (a normalised-word index built once per
 * shop, here at idle time); this file narrows the store's categories to the matches and draws the field,
 * the tag chips, the count and the empty state. The store page draws the results with its own sections and
 * cards, so they open the same popup.
 */
import { useTheme } from '@emotion/react';
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { readableTextOn } from '../../domain/theme';
import type { Category, Product, Tag } from '../../domain/types';
import { radius, space, touchTarget } from '../../shared/theme/tokens';
import { plainListStyle } from '../../shared/ui/styles';
import type { SetURLSearchParams } from 'react-router';
import { buildSearchIndex, searchProducts, type SearchIndex } from './search';

type Products = Record<string, Product | undefined>;
type Tags = Record<string, Tag | undefined>;

/** react-router's setter of the address's query (`useSearchParams`). */
type SetParams = SetURLSearchParams;

/**
 * The search as the address says it: `?q=` (present, even empty: the search is open) and `?tags=a,b` (the
 * chosen chips). The address is where it is kept: Back returns to the results, a link shares them, and the
 * kiosk's reset (a new address) clears it. The text being typed leads it by a moment (StorePage).
 */
const tagIdsOf = (params: URLSearchParams) => params.get('tags')?.split(',').filter(Boolean) ?? [];

/** How long typing pauses before the address takes the text (each keystroke's results do not wait). */
const WRITE_AFTER_MS = 400;

/**
 * Writes the search into the address, keeping its other parameters (table, language…): typing and chips
 * replace the entry; `null` removes the parameter.
 */
function writeQuery(setParams: SetParams, next: { q?: string | null; tags?: string[] }) {
  setParams(
    (current) => {
      const params = new URLSearchParams(current);
      if (next.q !== undefined) {
        if (next.q === null) params.delete('q');
        else params.set('q', next.q);
      }
      if (next.tags) {
        if (next.tags.length > 0) params.set('tags', next.tags.join(','));
        else params.delete('tags');
      }
      return params;
    },
    { replace: true },
  );
}

// One index per shop's products (the entity object changes only when a product does).
const indexes = new WeakMap<Products, SearchIndex>();

function indexFor(products: Products, categories: readonly Category[], tags: Tags): SearchIndex {
  let index = indexes.get(products);
  if (!index) {
    const docs = categories.flatMap((category) =>
      category.productIds.flatMap((id) => {
        const product = products[id];
        return product
          ? [
              {
                productId: id,
                title: product.title,
                description: product.description,
                categoryName: category.name,
                tagNames: product.tagIds.flatMap((tagId) => tags[tagId]?.tag ?? []),
              },
            ]
          : [];
      }),
    );
    index = buildSearchIndex(docs);
    indexes.set(products, index);
  }
  return index;
}

/** Builds the shop's index ahead of the first keystroke (called when the page is idle). */
export const prepareMenuSearch = indexFor;

// The results' category objects, kept while their products stay the same: the store's memoized sections
// then skip the keystrokes that leave them as they were.
const narrowed = new WeakMap<Category, Category>();

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The categories that have matches, in the shop's order, each with its matching products: those spelt as
 * typed first, then those found without accents, then by a typo, each in the shop's order. Several tags
 * mean products with all of them. A category whose matches are unchanged is the same object as before.
 */
export function filterMenu(
  text: string,
  params: URLSearchParams,
  categories: readonly Category[],
  products: Products,
  tags: Tags,
): { categories: Category[]; count: number } {
  const tagIds = tagIdsOf(params);
  const ranks = searchProducts(indexFor(products, categories, tags), text);
  const found = new Set<string>();
  const result: Category[] = [];
  for (const category of categories) {
    // The words first: on a big shop most products fail there, before their entity is looked up.
    const productIds = category.productIds.filter((id) => {
      if (ranks !== null && !ranks.has(id)) return false;
      const product = products[id];
      return product !== undefined && tagIds.every((tagId) => product.tagIds.includes(tagId));
    });
    if (productIds.length === 0) continue;
    if (ranks) productIds.sort((a, b) => (ranks.get(a) ?? 0) - (ranks.get(b) ?? 0));
    productIds.forEach((id) => found.add(id));
    const before = narrowed.get(category);
    if (sameIds(productIds, category.productIds)) result.push(category);
    else if (before && sameIds(productIds, before.productIds)) result.push(before);
    else {
      const next = { ...category, productIds };
      narrowed.set(category, next);
      result.push(next);
    }
  }
  return { categories: result, count: found.size };
}

/**
 * The search field, in the sticky category bar while the search is open. Escape or the clear button empties
 * it; Close goes back to the whole menu. On a counter kiosk's on-screen keyboard: no autocorrect, no
 * capitals, a Search key.
 */
export function SearchField({
  text,
  addressText,
  onType,
  setParams,
  autoFocus,
}: {
  /** The text shown: what was typed, or the address's. */
  text: string;
  /** The address's `q`. */
  addressText: string;
  /** A keystroke's text; null: the address's text leads again. */
  onType: (text: string | null) => void;
  setParams: SetParams;
  autoFocus: boolean;
}) {
  const { t } = useTranslation();
  // Looked up once per language, not at every keystroke.
  const texts = useMemo(
    () => ({
      label: t('search.label'),
      placeholder: t('search.placeholder'),
      clear: t('search.clear'),
      close: t('search.close'),
    }),
    [t],
  );
  const theme = useTheme();
  const input = useRef<HTMLInputElement>(null);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The text this field last put in the address: an address with another one was changed elsewhere
  // ("Clear the search"), and its text then leads.
  const written = useRef(addressText);
  useEffect(() => () => clearTimeout(pending.current), []);
  useEffect(() => {
    if (addressText === written.current) return;
    written.current = addressText;
    clearTimeout(pending.current);
    pending.current = undefined;
    onType(null);
  }, [addressText, onType]);
  const write = (next: string) => {
    clearTimeout(pending.current);
    pending.current = undefined;
    written.current = next;
    writeQuery(setParams, { q: next });
  };
  const change = (next: string) => {
    onType(next);
    clearTimeout(pending.current);
    pending.current = setTimeout(() => write(next), WRITE_AFTER_MS);
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && text !== '') {
      event.preventDefault();
      change('');
    }
  };
  const buttonCss = {
    flex: 'none',
    minHeight: touchTarget.phone,
    minWidth: touchTarget.phone,
    padding: `0 ${space.sm}px`,
    font: 'inherit',
    color: theme.textColor,
    background: 'transparent',
    border: `1px solid ${theme.borderColor}`,
    borderRadius: radius.pill,
    cursor: 'pointer',
  } as const;
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        input.current?.blur(); // the on-screen keyboard's Search key: show the results
      }}
      css={{ display: 'flex', gap: space.xs, flex: 1, minWidth: 0 }}
    >
      <input
        ref={input}
        type="search"
        value={text}
        onChange={(event) => change(event.target.value)}
        onKeyDown={keyDown}
        // Leaving the field (to a result, the cart…) puts the text in the address first, for Back.
        onBlur={() => pending.current !== undefined && write(text)}
        aria-label={texts.label}
        placeholder={texts.placeholder}
        autoFocus={autoFocus}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="search"
        css={{
          flex: 1,
          minWidth: 0,
          minHeight: touchTarget.phone,
          padding: `0 ${space.md}px`,
          font: 'inherit',
          color: theme.textColor,
          background: theme.backgroundColor,
          border: `1px solid ${theme.textColor}`,
          borderRadius: radius.pill,
          // One clear button, ours (with its label), not the browser's too.
          '&::-webkit-search-cancel-button': { display: 'none' },
        }}
      />
      {text !== '' && (
        <button
          type="button"
          aria-label={texts.clear}
          onClick={() => {
            change('');
            input.current?.focus();
          }}
          css={buttonCss}
        >
          ×
        </button>
      )}
      <button
        type="button"
        onClick={() => {
          clearTimeout(pending.current);
          pending.current = undefined;
          writeQuery(setParams, { q: null, tags: [] });
        }}
        css={buttonCss}
      >
        {texts.close}
      </button>
    </form>
  );
}

/**
 * Under the bar while the search is open: the shop's tags as toggle chips (never colour alone: a chosen
 * chip says so with a tick and `aria-pressed`), the number of products found, announced politely, and when
 * nothing matches, a way back to the whole menu. Shops without tags show no chips.
 */
export function SearchSummary({
  text,
  params,
  setParams,
  count,
  categories,
  products,
  tags,
}: {
  text: string;
  params: URLSearchParams;
  setParams: SetParams;
  count: number;
  categories: readonly Category[];
  products: Products;
  tags: Tags;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const chosen = tagIdsOf(params);
  // Looked up when the language or the count changes, not at every keystroke.
  const tagsLabel = useMemo(() => t('search.tags'), [t]);
  const countText = useMemo(() => t('search.count', { count }), [t, count]);
  // The tags some product of the shop has, in the shop's order of tags.
  const shopTags = useMemo(() => {
    const used = new Set(categories.flatMap((c) => c.productIds.flatMap((id) => products[id]?.tagIds ?? [])));
    return Object.values(tags).filter((tag): tag is Tag => tag !== undefined && used.has(tag.id));
  }, [categories, products, tags]);
  const onToggleTag = (id: string) =>
    writeQuery(setParams, { tags: chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id] });
  const onClear = () => writeQuery(setParams, { q: '', tags: [] });
  return (
    <div css={{ display: 'grid', gap: space.sm, marginBottom: space.md }}>
      {shopTags.length > 0 && (
        <ul
          aria-label={tagsLabel}
          css={[
            plainListStyle,
            {
              display: 'flex',
              flexWrap: 'wrap',
              gap: space.xs,
              // One rule for every chip (not a style object per chip): only its colours are its own.
              '& button': {
                minHeight: touchTarget.phone,
                padding: `0 ${space.md}px`,
                font: 'inherit',
                fontWeight: 600,
                borderRadius: radius.pill,
                cursor: 'pointer',
                borderWidth: 2,
                borderStyle: 'solid',
              },
            },
          ]}
        >
          {shopTags.map((tag) => {
            const on = chosen.includes(tag.id);
            return (
              <li key={tag.id}>
                <button
                  type="button"
                  aria-pressed={on}
                  onClick={() => onToggleTag(tag.id)}
                  style={
                    on
                      ? { borderColor: tag.color, background: tag.color, color: readableTextOn(tag.color) }
                      : { borderColor: tag.color, background: theme.backgroundColor, color: theme.textColor }
                  }
                >
                  {on && <span aria-hidden="true">✓ </span>}
                  {tag.tag}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {/* data-query: the text these results are for (bench:search times a keystroke to them). */}
      <div role="status" data-query={text}>
        {count > 0 ? (
          <p css={{ margin: 0 }}>{countText}</p>
        ) : (
          <p css={{ margin: 0 }}>
            {t('search.none')}{' '}
            <button
              type="button"
              onClick={onClear}
              css={{
                minHeight: touchTarget.phone,
                font: 'inherit',
                color: 'inherit',
                background: 'none',
                border: 0,
                padding: 0,
                textDecoration: 'underline',
                cursor: 'pointer',
              }}
            >
              {t('search.showAll')}
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
