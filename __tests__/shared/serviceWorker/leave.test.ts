import { leaveKioskWorker } from '../../../src/shared/serviceWorker/leave';

/**
 * docs/kiosk.md "Survives the venue's Wi-Fi": only a kiosk keeps the kiosk's worker; a browser that is no longer one loses it,
 * also when a kiosk page was still installing it as the plain page started (the worker claims the page then).
 */
function fakeContainer(controller: object | null) {
  const listeners = new Map<string, () => void>();
  return {
    container: {
      controller: controller as ServiceWorker | null,
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    } as unknown as Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'>,
    takeOver() {
      listeners.get('controllerchange')?.();
    },
  };
}

describe('leaving kiosk mode removes the kiosk worker', () => {
  it('removes the worker that serves the page at once', () => {
    const remove = jest.fn();
    leaveKioskWorker(remove, fakeContainer({}).container);
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('removes a worker still installing when the page started, as it takes the page over', () => {
    const remove = jest.fn();
    const { container, takeOver } = fakeContainer(null);
    leaveKioskWorker(remove, container);
    expect(remove).not.toHaveBeenCalled();
    takeOver();
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('does nothing in a browser without workers (as jsdom)', () => {
    const remove = jest.fn();
    leaveKioskWorker(remove);
    expect(remove).not.toHaveBeenCalled();
  });
});
