import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import { contentWidth, radius } from '../theme/tokens';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert (focus is
 * trapped inside, and Tab wraps around), Escape closes it, and focus goes back to what opened it when it closes.
 */
export function Dialog({
  labelledBy,
  describedBy,
  role,
  onClose,
  children,
  maxWidth = contentWidth.narrow,
}: {
  labelledBy: string;
  describedBy?: string;
  /** 'alertdialog' for a question that needs an answer now (announced at once). */
  role?: 'alertdialog';
  onClose: () => void;
  children: ReactNode;
  maxWidth?: number;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Escape reaches the latest onClose without re-running the effect (which would re-open the dialog).
  const closeFromEscape = useEffectEvent(() => onClose());

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault(); // React owns the open state: close through onClose
      closeFromEscape();
    };
    // Tab wraps around inside the dialog (the native modal lets it leave for the browser's own UI).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => !el.matches(':disabled') && el.tabIndex >= 0 && el.getClientRects().length > 0,
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey ? active === first : active === last) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('keydown', onKeyDown);
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      role={role}
      aria-modal="true"
      onClick={(event) => {
        if (event.target === ref.current) onClose(); // a click on the backdrop
      }}
      css={(theme) => ({
        width: 'calc(100% - 16px)',
        maxWidth,
        maxHeight: 'calc(100dvh - 16px)',
        padding: 0,
        border: 'none',
        borderRadius: radius.lg,
        background: theme.backgroundColor,
        color: theme.textColor,
        '&::backdrop': { background: 'rgba(0, 0, 0, 0.55)' },
      })}
    >
      {children}
    </dialog>
  );
}
