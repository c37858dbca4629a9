import { flushSync } from 'react-dom';

/**
 * Windowing of the store grid: only the blocks of products near the viewport are drawn; the others keep
 * their place as an empty box of their last measured (or estimated) height, so the category anchors, the
 * sticky bar and the scroll position stay right. One IntersectionObserver watches every block; blocks
 * register with their wrapper element and are told when they come near or go far.
 */

/** Products per block. 60 rows up evenly in 1–6 columns, so two drawn blocks of a section look like one grid. */
export const BLOCK_SIZE = 60;

/** Shops with at most this many products draw every card: windowing only pays on big shops. */
export const WINDOW_FROM = 150;

/** Products drawn in the first render of a big shop (whole blocks from the top); the observer does the rest. */
export const FIRST_DRAWN = 24;

/**
 * The products a store page draws in its first render, by category in the store's order: every product of a
 * shop that is not windowed; of a big one, those of the blocks that start within FIRST_DRAWN. What the host
 * renders is all a hydrating page needs, so the host's page carries only these (src/ssr, issue 37).
 *
 * @param categories each category's product ids, in the store's order
 * @returns the products' ids, or null when the page draws every product
 */
export function firstDrawnProductIds(categories: readonly (readonly string[])[]): string[] | null {
  const total = categories.reduce((n, productIds) => n + productIds.length, 0);
  if (total <= WINDOW_FROM) return null;
  const drawn: string[] = [];
  let start = 0;
  for (const productIds of categories) {
    for (let b = 0; b < productIds.length && start + b < FIRST_DRAWN; b += BLOCK_SIZE)
      drawn.push(...productIds.slice(b, b + BLOCK_SIZE));
    start += productIds.length;
  }
  return drawn;
}

/** How far beyond the viewport a block is drawn: 1.5 viewports above and below. */
const ROOT_MARGIN = '150% 0px';

/** What a block tells the window about itself. */
export interface BlockHandle {
  /** Index of the block's category. */
  section: number;
  /** Draws the block's cards now (inside flushSync when the caller needs them at once). */
  draw(): void;
  /** Came within the margin (true) or left it (false, with its current height). */
  near(isNear: boolean, height: number): void;
}

/** The grid's geometry, measured on a drawn block: for estimating blocks never drawn at this width. */
export interface GridMetrics {
  columns: number;
  rowHeight: number;
  gap: number;
}

export class StoreWindow {
  /** False where IntersectionObserver is missing or the shop is small: every block is drawn. */
  readonly enabled: boolean;
  private observer: IntersectionObserver | null = null;
  private readonly blocks = new Map<Element, BlockHandle>();
  private metrics: GridMetrics;
  private readonly listeners = new Set<() => void>();
  private readonly idleTasks = new Set<() => void>();
  private idleScheduled = false;
  private measured = false;

  constructor(enabled: boolean, metrics: GridMetrics) {
    // A server render (no window) windows as the browser will, so the page it writes is the one that hydrates.
    this.enabled = enabled && (typeof window === 'undefined' || typeof IntersectionObserver !== 'undefined');
    this.metrics = metrics;
  }

  /** Watches a block's wrapper; returns the function that stops watching it. */
  register(element: Element, handle: BlockHandle): () => void {
    if (!this.enabled) return () => {};
    // Created on first use (an effect), so a render that is thrown away leaves no observer behind.
    this.observer ??= new IntersectionObserver(this.onEntries, { rootMargin: ROOT_MARGIN });
    this.blocks.set(element, handle);
    this.observer.observe(element);
    return () => {
      this.blocks.delete(element);
      this.observer?.unobserve(element);
    };
  }

  /** Draws the blocks of a category at once, e.g. before the browser jumps to its anchor. */
  revealSection(section: number): void {
    const handles = [...this.blocks.values()].filter((h) => h.section === section);
    if (handles.length > 0) flushSync(() => handles.forEach((h) => h.draw()));
  }

  /** Stops watching everything (the store page went away). */
  disconnect(): void {
    this.observer?.disconnect();
    this.observer = null;
    this.blocks.clear();
    this.idleTasks.clear();
  }

  /**
   * Runs `task` when the page is idle, a few per idle period, so work nobody waits for (the empty blocks'
   * titles for find) stays out of the first paint and makes no long task. Returns the function that drops it.
   */
  whenIdle(task: () => void): () => void {
    this.idleTasks.add(task);
    this.scheduleIdle();
    return () => void this.idleTasks.delete(task);
  }

  private scheduleIdle(): void {
    if (this.idleScheduled) return;
    this.idleScheduled = true;
    const run = (deadline?: IdleDeadline) => {
      this.idleScheduled = false;
      for (const task of this.idleTasks) {
        this.idleTasks.delete(task);
        task();
        if (!deadline || deadline.timeRemaining() < 2) break;
      }
      if (this.idleTasks.size > 0) this.scheduleIdle();
    };
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 0);
  }

  private readonly onEntries = (entries: IntersectionObserverEntry[]) => {
    for (const entry of entries) {
      this.blocks.get(entry.target)?.near(entry.isIntersecting, entry.boundingClientRect.height);
    }
  };

  // --- grid metrics, a tiny external store (useSyncExternalStore) read by the empty blocks ---

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getMetrics = (): GridMetrics => this.metrics;

  /**
   * Learns columns and row height from a drawn grid of `count` cards. Column count comes from the resolved
   * `grid-template-columns` (one length per column); nothing is learnt from a grid without layout. Only the
   * first grid measured at a column count sets the row height: re-estimating the empty blocks above the
   * view at every newly drawn block would move the page under the reader (and jump targets with it).
   */
  measure = (grid: HTMLElement, count: number): void => {
    const height = grid.getBoundingClientRect().height;
    const tracks = getComputedStyle(grid).gridTemplateColumns.trim().split(/\s+/);
    if (height <= 0 || count === 0 || !tracks.every((t) => /^[\d.]+px$/.test(t))) return;
    const columns = tracks.length;
    if (this.measured && columns === this.metrics.columns) return;
    const rows = Math.ceil(count / columns);
    const rowHeight = (height - (rows - 1) * this.metrics.gap) / rows;
    this.measured = true;
    this.metrics = { ...this.metrics, columns, rowHeight };
    this.listeners.forEach((l) => l());
  };
}

/** Estimated height of `count` cards in the grid as last measured. */
export function estimateHeight(count: number, { columns, rowHeight, gap }: GridMetrics): number {
  const rows = Math.ceil(count / Math.max(1, columns));
  return Math.round(rows * rowHeight + Math.max(0, rows - 1) * gap);
}

/** Elements a keyboard user reaches with Tab inside a card. */
export const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex="0"]';
