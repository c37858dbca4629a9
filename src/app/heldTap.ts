/**
 * The button a customer tapped on the host's markup before the app took the page over (held by the early
 * start, src/earlyStart), pressed once the app's own markup has it. Buttons of the store page that can be
 * tapped before then say what they are in `data-tap` (`add:{productId}`, `open:{productId}`, `search`), the
 * same in every language and layout, so the same button is found when the app draws the page anew (another
 * language, a kiosk).
 */

/** The attribute naming a button the same way in every language and layout. */
export const TAP_ATTRIBUTE = 'data-tap';

/** The button of the app's markup that is the same as `held`, if it is there. */
function sameButton(root: HTMLElement, held: HTMLElement): HTMLElement | null {
  const key = held.getAttribute(TAP_ATTRIBUTE);
  if (key === null) return null;
  const button = root.querySelector<HTMLElement>(`[${TAP_ATTRIBUTE}="${CSS.escape(key)}"]`);
  return button && button !== held ? button : null;
}

/**
 * For a page the app draws anew over the host's markup: taps stay held (and look busy) until the app's
 * first markup replaces the host's, so none lands on a button nothing answers any more; then the held one
 * is pressed on the app's same button, at once or as soon as the app draws it (the store may wait for a
 * language or the kiosk's start). Once only: a customer who presses or types anything meanwhile has moved
 * on, and their newer input wins.
 *
 * @param release - the early start's `releaseTaps`: stops holding and gives the held button, if any
 */
export function pressHeldTapWhenDrawn(root: HTMLElement, release: () => HTMLElement | null): void {
  const hostMarkup = Array.from(root.childNodes);
  let held: HTMLElement | null = null;
  let released = false;
  const stop = () => {
    observer.disconnect();
    document.removeEventListener('pointerdown', stop, true);
    document.removeEventListener('keydown', stop, true);
  };
  const press = () => {
    if (!released) {
      // The host's markup is still on screen: keep holding.
      if (hostMarkup.some((node) => node.isConnected)) return;
      released = true;
      held = release();
      if (!held) return stop();
      document.addEventListener('pointerdown', stop, true);
      document.addEventListener('keydown', stop, true);
    }
    const button = held && sameButton(root, held);
    if (!button) return;
    stop();
    button.click();
  };
  const observer = new MutationObserver(press);
  observer.observe(root, { childList: true, subtree: true });
}
