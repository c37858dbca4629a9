import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert (focus is
 * trapped inside), Escape closes it, and focus goes back to what opened it when it closes.
 */
export function Dialog({
  labelledBy,
  onClose,
  children,
  maxWidth = 500,
}: {
  labelledBy: string;
  onClose: () => void;
  children: ReactNode;
  maxWidth?: number;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault(); // React owns the open state: close through onClose
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-modal="true"
      onClick={(event) => {
        if (event.target === ref.current) onCloseRef.current(); // a click on the backdrop
      }}
      css={(theme) => ({
        width: 'calc(100% - 16px)',
        maxWidth,
        maxHeight: 'calc(100dvh - 16px)',
        padding: 0,
        border: 'none',
        borderRadius: 12,
        background: theme.backgroundColor,
        color: theme.textColor,
        '&::backdrop': { background: 'rgba(0, 0, 0, 0.55)' },
      })}
    >
      {children}
    </dialog>
  );
}
