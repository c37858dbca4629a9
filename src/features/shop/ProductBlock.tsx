import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
} from 'react';
import { flushSync } from 'react-dom';
import { useAppSelector } from '../../app/hooks';
import type { DisplayType } from '../../domain/types';
import { ProductCard, type CardTexts } from './ProductCard';
import { selectProductById, selectProductEntities, selectShopPartial } from '../shopState';
import { estimateHeight, TABBABLE, type StoreWindow } from './storeWindow';
import { storeClass } from './storeStyles';

/**
 * Cards above the fold load their images at once; the rest lazily. The page's early start preloads the
 * same ones (FIRST_SCREEN_IMAGES in src/earlyStart/earlyStart.js; a test in __tests__/app ties the two).
 */
export const EAGER_IMAGES = 4;

/** What every card of the store shares (one object for the whole page, so memoized cards stay put). */
export interface CardSettings {
  shopId: string;
  displayType: DisplayType;
  onOpen: (productId: string) => void;
  /** Goes to an address of the app (a product's page) without loading the page anew. */
  onFollow: (to: string) => void;
  texts: CardTexts;
}

/**
 * The height an empty block keeps: as measured when its cards went away, at that column count, for those
 * products (a search gives the block others: then it is estimated again).
 */
interface KeptHeight {
  height: number;
  columns: number;
  productIds: string[];
}

/** Where focus goes when an empty block is reached: its first or last control, or none (find). */
type Reveal = (focus: 'first' | 'last' | null, found?: number) => void;

/**
 * Up to BLOCK_SIZE products of one category: their cards when near the viewport (see storeWindow), else an
 * empty block of the same height. The empty block still holds every product title for the browser's find
 * (`hidden="until-found"`: found text fires `beforematch`, on which the cards are drawn and the found one
 * scrolled to), and is one Tab stop that draws the cards and moves focus into them, so Tab and Shift+Tab
 * walk through the cards in order even where the observer has not drawn them yet. A block holding focus is
 * never emptied. A block whose products are not in yet (a big shop's page carries its first products only,
 * issue 37) stays empty and busy until they are, then draws as asked (and moves focus as asked).
 */
export const ProductBlock = memo(function ProductBlock({
  win,
  section,
  productIds,
  first,
  initiallyDrawn,
  label,
  card,
  findable,
}: {
  win: StoreWindow;
  section: number;
  productIds: string[];
  /** Position of the block's first product in the whole store (the first cards load images eagerly). */
  first: number;
  initiallyDrawn: boolean;
  /** Accessible name of the empty block, e.g. 'Show the products in Fruit'. */
  label: string;
  card: CardSettings;
  /**
   * Whether the empty block holds its titles for the browser's find. Not while the menu's search is open:
   * the search finds them, and the titles would be rewritten at every keystroke.
   */
  findable: boolean;
}) {
  const [drawn, setDrawn] = useState(initiallyDrawn || !win.enabled);
  const ready = useAppSelector(
    (state) =>
      !selectShopPartial(state) || productIds.every((id) => selectProductById(state, id) !== undefined),
  );
  const cards = drawn && ready;
  const [kept, setKept] = useState<KeptHeight | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  // What the observer's callbacks and the focus handlers need to know between renders.
  const status = useRef({
    drawn,
    near: drawn,
    emptyHeight: 0,
    productIds,
    // Where focus goes once the cards are drawn, asked for while their products were on their way.
    focus: null as 'first' | 'last' | null,
  });

  useLayoutEffect(() => {
    status.current.drawn = drawn;
    status.current.productIds = productIds;
  }, [drawn, productIds]);

  const empty = useCallback(
    (height: number) => {
      // No height without layout (a hidden page): estimate instead.
      const { productIds: ids } = status.current;
      setKept(height > 0 ? { height, columns: win.getMetrics().columns, productIds: ids } : null);
      setDrawn(false);
    },
    [win],
  );

  useEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    return win.register(element, {
      section,
      draw: () => {
        status.current.near = true;
        setDrawn(true);
      },
      near: (isNear, height) => {
        status.current.near = isNear;
        if (isNear) setDrawn(true);
        else if (status.current.drawn && !element.contains(document.activeElement)) empty(height);
      },
    });
  }, [win, section, empty]);

  // Focus left a block that is far away (kept drawn only while it held focus): let its cards go now.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const element = wrapper.current;
    if (!element || status.current.near || !status.current.drawn) return;
    if (event.relatedTarget instanceof Node && element.contains(event.relatedTarget)) return;
    empty(element.getBoundingClientRect().height);
  };

  const reveal = useCallback<Reveal>((focus, found) => {
    status.current.near = true;
    status.current.focus = focus;
    // The cards' layout effect moves the focus, now or once their products are in.
    flushSync(() => setDrawn(true));
    const element = wrapper.current;
    if (!element) return;
    if (found !== undefined) {
      const target = element.querySelectorAll('article')[found];
      // After the browser's own scroll to the (replaced) match: bring the found card into view.
      requestAnimationFrame(() => target?.scrollIntoView({ block: 'center' }));
    }
  }, []);

  const onEmptyHeight = useCallback((height: number) => {
    status.current.emptyHeight = height;
  }, []);

  // The grid's columns and row height, for estimating the blocks not drawn yet.
  useEffect(() => {
    const node = grid.current;
    if (!cards || !node || !win.enabled || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => win.measure(node, productIds.length));
    observer.observe(node);
    return () => observer.disconnect();
  }, [cards, win, productIds.length]);

  // Cards drawn above the top of the view change the height above what the reader sees: keep the view
  // still. The windowed store opts out of the browser's scroll anchoring (storeStyles), which gets this
  // wrong when the block reaches into the view (it anchors on the block itself, which grows at its
  // bottom, as after a category jump just below an empty block) and which older Safari lacks.
  useLayoutEffect(() => {
    const element = wrapper.current;
    const before = status.current.emptyHeight;
    if (!cards || !element) return;
    // Focus asked for on the empty block goes to the cards, unless the customer has moved it elsewhere
    // while their products were on their way (issue 37).
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (grid.current && lost) focusCards(grid.current, status.current);
    status.current.focus = null;
    if (before === 0 || !win.enabled) return;
    const { top, height } = element.getBoundingClientRect();
    if (top < 0 && height > 0 && height !== before) window.scrollBy(0, height - before);
  }, [cards, win]);

  return (
    <div ref={wrapper} className={storeClass.block} onBlur={onBlur}>
      {cards ? (
        <div ref={grid} className={storeClass.grid}>
          {productIds.map((productId, index) => (
            <ProductCard
              key={productId}
              productId={productId}
              eager={first + index < EAGER_IMAGES}
              {...card}
            />
          ))}
        </div>
      ) : (
        <EmptyBlock
          win={win}
          productIds={productIds}
          label={label}
          findable={findable}
          kept={kept}
          onReveal={reveal}
          onHeight={onEmptyHeight}
          busy={drawn}
        />
      )}
    </div>
  );
});

/** Moves focus to the first or last control of a block's drawn grid, as asked. */
function focusCards(grid: HTMLElement, { focus }: { focus: 'first' | 'last' | null }): void {
  if (!focus) return;
  const targets = grid.querySelectorAll<HTMLElement>(TABBABLE);
  (focus === 'first' ? targets[0] : targets[targets.length - 1])?.focus();
}

/** True when focus arrives from before `target` in document order (Tab), false from after (Shift+Tab). */
function cameFromBefore(event: FocusEvent<HTMLElement>): boolean {
  const from = event.relatedTarget;
  return (
    !(from instanceof Node) ||
    (from.compareDocumentPosition(event.currentTarget) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
  );
}

function EmptyBlock({
  win,
  productIds,
  label,
  findable,
  kept,
  onReveal,
  onHeight,
  busy,
}: {
  win: StoreWindow;
  productIds: string[];
  label: string;
  findable: boolean;
  kept: KeptHeight | null;
  onReveal: Reveal;
  onHeight: (height: number) => void;
  /** Its cards are asked for and their products are on their way. */
  busy: boolean;
}) {
  // The server renders with the first guess too (the hydrating client starts from the same one).
  const metrics = useSyncExternalStore(win.subscribe, win.getMetrics, win.getMetrics);
  const products = useAppSelector((state) => selectProductEntities(state));
  const height =
    kept &&
    kept.columns === metrics.columns &&
    kept.productIds.length === productIds.length &&
    kept.productIds.every((id, i) => id === productIds[i])
      ? kept.height
      : estimateHeight(productIds.length, metrics);
  const ref = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => onHeight(height), [height, onHeight]);

  // The titles for the browser's find, written straight to the DOM when the page is idle: React has no
  // `hidden="until-found"` (it makes `hidden` a boolean), and thousands of titles need no component each.
  useEffect(() => {
    const node = ref.current;
    if (!node || !findable) return;
    const onMatch = (event: Event) => {
      const index = event.target instanceof HTMLElement ? Number(event.target.dataset.index) : NaN;
      onReveal(null, Number.isInteger(index) ? index : undefined);
    };
    node.addEventListener('beforematch', onMatch);
    const cancel = win.whenIdle(() => {
      const titles = document.createDocumentFragment();
      productIds.forEach((id, index) => {
        const title = products[id]?.title;
        if (!title) return;
        const p = document.createElement('p');
        p.setAttribute('hidden', 'until-found');
        p.dataset.index = String(index);
        p.textContent = title;
        titles.append(p);
      });
      node.replaceChildren(titles);
    });
    return () => {
      cancel();
      node.removeEventListener('beforematch', onMatch);
      node.replaceChildren();
    };
  }, [win, products, productIds, onReveal, findable]);

  return (
    <div
      ref={ref}
      className={storeClass.placeholder}
      style={{ height }}
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-busy={busy || undefined}
      onFocus={(event) => onReveal(cameFromBefore(event) ? 'first' : 'last')}
      onClick={() => onReveal('first')}
    />
  );
}
