import { css, Global, useTheme } from '@emotion/react';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppSelector } from '../../app/hooks';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { addressSearchText } from '../../domain/addressText';
import type { Category, DisplayType } from '../../domain/types';
import { Page } from '../../shared/ui/Page';
import { preLineStyle } from '../../shared/ui/styles';
import { VisuallyHidden } from '../../shared/ui/VisuallyHidden';
import { selectIsKiosk } from '../kiosk';
import { selectActiveTab } from '../session';
import { CategoryBar, categoryAnchor } from './CategoryBar';
import { ProductBlock, type CardSettings } from './ProductBlock';
import { cardTexts } from './ProductCard';
import { ProductPopup } from './ProductPopup';
import {
  selectCategories,
  selectProductEntities,
  selectShopInfo,
  selectShopPartial,
  selectTagEntities,
} from '../shopState';
import { useRetryWhenOnline } from '../../shared/useRetryWhenOnline';
import { whenIdle } from '../../shared/whenIdle';
import { gridOf, storeClass, storeStylesheet } from './storeStyles';
import { BLOCK_SIZE, FIRST_DRAWN, StoreWindow, WINDOW_FROM, type GridMetrics } from './storeWindow';
import type { RootState } from '../../app/hooks';

const selectHasActiveTab = (state: RootState) => selectActiveTab(state) !== null;

/** The search's code (issue 26), its own chunk: fetched when the page is idle or a search is asked for. */
const loadMenuSearch = () => import(/* webpackChunkName: "menu-search" */ './menuSearch');
type MenuSearch = Awaited<ReturnType<typeof loadMenuSearch>>;

/** A first guess of a row's height, until a drawn grid has been measured (before the first paint). */
function guessMetrics(displayType: DisplayType, grid: { minCard: number; gap: number }): GridMetrics {
  const rowHeight =
    displayType === 'LARGE_IMAGE' ? grid.minCard + 110 : displayType === 'SMALL_IMAGE' ? 176 : 120;
  return { columns: 1, rowHeight, gap: grid.gap };
}

/**
 * §2 store page: sticky category bar, optional description, a section per category with its products in
 * `sortedProducts` order. A shop with no categories but an open tab goes straight to the cart.
 *
 * A big shop draws only the cards near the viewport (see storeWindow and ProductBlock): every section and
 * its heading are always there at their full height, so anchors, the sticky bar, Tab order and the
 * browser's find keep working. Per-card work is hoisted here: one `t` for all cards' texts, one stylesheet
 * of static classes for the theme.
 */
/** The shop's description, its style serialised once. */
const descriptionCss = css([preLineStyle, { marginTop: 0 }]);

export function StorePage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const { webshopId = '' } = useParams();
  const navigate = useNavigate();
  const info = useAppSelector(selectShopInfo);
  const categories = useAppSelector(selectCategories);
  const hasTab = useAppSelector(selectHasActiveTab);
  const kiosk = useAppSelector(selectIsKiosk);
  const [openProduct, setOpenProduct] = useState<string | null>(null);
  const close = useCallback(() => setOpenProduct(null), []);

  // Issue 26 the search lives in the address (`?q=`, `?tags=`: menuSearch.tsx), so Back returns to the
  // results and a link shares them. Until its code is here the whole menu shows, as the host rendered it.
  const [params, setParams] = useSearchParams();
  const searching = params.has('q') || params.has('tags');
  // What the customer typed leads (the results follow each keystroke at once); the address catches up when
  // typing pauses. The field drops it when the address changes otherwise ("Clear the search"); a search
  // closed (Close, the kiosk's reset) forgets it. §5 the address's own text is shown only when it is a plain
  // short search: a link cannot put its sentence in the field (the search then opens empty).
  const q = params.get('q');
  const [typed, setTyped] = useState<string | null>(null);
  if (!searching && typed !== null) setTyped(null);
  const text = typed ?? addressSearchText(q ?? '');
  const products = useAppSelector(selectProductEntities);
  const tags = useAppSelector(selectTagEntities);
  const [loaded, setSearch] = useState<MenuSearch | null>(null);
  // The search needs every product: on a big shop's page that came with its first ones (issue 37) it waits
  // for the rest, its button busy meanwhile if it was asked for.
  const partial = useAppSelector(selectShopPartial);
  const search = partial ? null : loaded;
  // Opened with the button (not by the address): the field takes the focus.
  const [openedHere, setOpenedHere] = useState(false);
  // A load that failed (offline) is tried again when the search is asked for again or the network is back.
  const [attempt, setAttempt] = useState(0);
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    if (loaded) return;
    const load = () => void loadMenuSearch().then(setSearch, () => setLoadFailed(true));
    if (!searching) return whenIdle(load);
    load();
  }, [searching, loaded, attempt]);
  useRetryWhenOnline(loadFailed, () => {
    setLoadFailed(false);
    setAttempt((n) => n + 1);
  });
  // The index is built off the first load: once the code is here, before the first keystroke.
  useEffect(() => {
    if (search) return whenIdle(() => search.prepareMenuSearch(products, categories, tags));
  }, [search, products, categories, tags]);
  const found = useMemo(
    () => (search && searching ? search.filterMenu(text, params, categories, products, tags) : null),
    [search, searching, text, params, categories, products, tags],
  );
  const shown = found?.categories ?? categories;

  const displayType = info?.displayType ?? 'NO_IMAGE';
  const grid = useMemo(() => gridOf(displayType, kiosk), [displayType, kiosk]);
  // Windowed by the whole shop's size, so a search never switches the store's layout.
  const total = categories.reduce((n, c) => n + c.productIds.length, 0);
  const windowed = total > WINDOW_FROM;
  // The element itself is kept: emotion's Global inserts its styles at every render it gets.
  const stylesheet = useMemo(
    () => <Global styles={storeStylesheet(theme, grid, windowed)} />,
    [theme, grid, windowed],
  );
  const win = useMemo(
    () => new StoreWindow(windowed, guessMetrics(displayType, grid)),
    [windowed, displayType, grid],
  );
  useEffect(() => () => win.disconnect(), [win]);

  const texts = useMemo(() => cardTexts(t), [t]);
  const card = useMemo<CardSettings>(
    () => ({ shopId: webshopId, displayType, onOpen: setOpenProduct, onFollow: navigate, texts }),
    [webshopId, displayType, navigate, texts],
  );
  // Where each category starts in the whole list of products (eager images, the first blocks drawn).
  const starts = useMemo(() => {
    const result: number[] = [];
    shown.reduce((n, c) => (result.push(n), n + c.productIds.length), 0);
    return result;
  }, [shown]);
  // A category jump draws the target's cards before the browser scrolls there.
  const jump = useCallback((index: number) => win.revealSection(index), [win]);

  if (!info) return null;
  if (categories.length === 0 && hasTab)
    return <Navigate to={`/${encodeURIComponent(webshopId)}/cart`} replace />;

  return (
    <>
      {stylesheet}
      {categories.length > 0 && (
        <CategoryBar
          categories={shown}
          shopId={webshopId}
          onJump={jump}
          searchBusy={openedHere && searching}
          onSearch={() => {
            setOpenedHere(true);
            setParams((current) => new URLSearchParams([...current, ['q', '']]));
          }}
          search={
            search && searching ? (
              <search.SearchField
                text={text}
                addressText={q ?? ''}
                onType={setTyped}
                setParams={setParams}
                autoFocus={openedHere}
              />
            ) : undefined
          }
        />
      )}
      <Page>
        <VisuallyHidden as="h1">{info.title}</VisuallyHidden>
        {search && found ? (
          <search.SearchSummary
            text={text}
            params={params}
            setParams={setParams}
            count={found.count}
            categories={categories}
            products={products}
            tags={tags}
          />
        ) : (
          info.description && <p css={descriptionCss}>{info.description}</p>
        )}
        {categories.length === 0 && <p>{t('store.noProducts')}</p>}
        {shown.map((category, index) => (
          <CategorySection
            key={category.id}
            index={index}
            category={category}
            // Only whether a block starts within FIRST_DRAWN matters: the same value past it lets a section
            // whose products a keystroke left alone skip that render.
            start={Math.min(starts[index] ?? 0, FIRST_DRAWN)}
            win={win}
            card={card}
            findable={!searching}
          />
        ))}
      </Page>
      {openProduct && <ProductPopup productId={openProduct} onClose={close} />}
    </>
  );
}

/** One category: its heading, always, and its products in blocks of BLOCK_SIZE. */
const CategorySection = memo(function CategorySection({
  index,
  category,
  start,
  win,
  card,
  findable,
}: {
  index: number;
  category: Category;
  start: number;
  win: StoreWindow;
  card: CardSettings;
  findable: boolean;
}) {
  const blocks = useMemo(() => {
    const result: string[][] = [];
    for (let i = 0; i < category.productIds.length; i += BLOCK_SIZE)
      result.push(category.productIds.slice(i, i + BLOCK_SIZE));
    return result;
  }, [category.productIds]);
  const anchor = categoryAnchor(index);
  const label = card.texts.showProducts(category.name);
  return (
    <section id={anchor} aria-labelledby={`${anchor}-title`} className={storeClass.section}>
      <h2 id={`${anchor}-title`}>{category.name}</h2>
      {blocks.map((productIds, b) => {
        const first = start + b * BLOCK_SIZE;
        return (
          <ProductBlock
            key={b}
            win={win}
            section={index}
            productIds={productIds}
            first={first}
            initiallyDrawn={first < FIRST_DRAWN}
            label={label}
            card={card}
            findable={findable}
          />
        );
      })}
    </section>
  );
});
