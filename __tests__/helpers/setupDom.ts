import '@testing-library/jest-dom';

/*
 * jsdom 26 has HTMLDialogElement but none of its methods. A minimal stand-in for what the app relies on:
 * showModal() opens the dialog as modal and moves focus into it, show() opens it without moving focus,
 * close() clears `open` and fires 'close', and Escape on an open modal fires a cancelable 'cancel' that
 * closes it unless prevented. Focus is deliberately NOT restored on close, so tests prove the app does it.
 */
const modalDialogs: HTMLDialogElement[] = [];

/** True when the dialog was opened with showModal() (tests can tell a modal from a plain open one). */
export function isModalDialog(dialog: Element): boolean {
  return modalDialogs.includes(dialog as HTMLDialogElement);
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  Object.defineProperties(HTMLDialogElement.prototype, {
    show: {
      configurable: true,
      value(this: HTMLDialogElement) {
        this.setAttribute('open', '');
      },
    },
    showModal: {
      configurable: true,
      value(this: HTMLDialogElement) {
        if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError');
        if (!this.isConnected) throw new DOMException('The dialog is not connected.', 'InvalidStateError');
        this.setAttribute('open', '');
        modalDialogs.push(this);
        const target =
          this.querySelector<HTMLElement>('[autofocus]') ?? this.querySelector<HTMLElement>(FOCUSABLE);
        target?.focus();
      },
    },
    close: {
      configurable: true,
      value(this: HTMLDialogElement) {
        if (!this.open) return;
        this.removeAttribute('open');
        const index = modalDialogs.indexOf(this);
        if (index >= 0) modalDialogs.splice(index, 1);
        this.dispatchEvent(new Event('close'));
      },
    },
  });

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const top = modalDialogs.filter((d) => d.isConnected && d.open).pop();
    if (!top) return;
    const cancel = new Event('cancel', { cancelable: true });
    if (top.dispatchEvent(cancel)) top.close();
  });
}

/*
 * jsdom lays nothing out and scrolls nothing: its `window.scrollTo` only reports "Not implemented" on the
 * console, for every page the app opens (app/ScrollToTop.tsx). A no-op here; ScrollToTop.test spies on it, and
 * the browser suite sees the real scroll. (A file of this project may ask for the node environment: no window.)
 */
if (typeof window !== 'undefined') window.scrollTo = () => undefined;
