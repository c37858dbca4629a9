/**
 * A browser that is no longer a kiosk (`?kiosk=0`) loses the kiosk's worker (docs/kiosk.md; a kiosk keeps it:
 * kioskSagas.ts): the one that serves this page, or else one a kiosk page was still installing when this
 * page started, which takes this page over once it is in (the worker claims every open page, sw.ts). Kept in
 * the page's first script (a few bytes): removing it loads the kiosk's chunk, only when there is one.
 */
export function leaveKioskWorker(
  remove: () => void,
  container:
    Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'> | undefined = navigator.serviceWorker,
): void {
  if (!container) return;
  if (container.controller) remove();
  else container.addEventListener('controllerchange', remove, { once: true });
}
