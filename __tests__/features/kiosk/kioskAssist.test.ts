/**
 * Issue 23: the accessibility choices belong to the customer who made them (kioskSlice.ts). Each toggles on
 * its own, and all of them end with the customer (idle reset, Start over, New order: `kiosk/customerLeft`);
 * the kiosk's own facts (a connection pause, the idle and answer times) do not.
 */
import { customerLeft } from '../../../src/shared/events';
import { initialKioskState, kioskActions, kioskReducer } from '../../../src/features/kiosk/kioskSlice';

const kiosk = () => initialKioskState({ idleMs: 90_000, promptMs: 45_000, language: 'fi' });

describe("the customer's accessibility choices (issue 23)", () => {
  it('start off; each control flips its own choice only', () => {
    expect(kiosk().assist).toEqual({ reach: false, largeText: false, speech: false });
    const reach = kioskReducer(kiosk(), kioskActions.assistToggled('reach'));
    expect(reach.assist).toEqual({ reach: true, largeText: false, speech: false });
    const both = kioskReducer(reach, kioskActions.assistToggled('largeText'));
    expect(both.assist).toEqual({ reach: true, largeText: true, speech: false });
    expect(kioskReducer(both, kioskActions.assistToggled('reach')).assist).toEqual({
      reach: false,
      largeText: true,
      speech: false,
    });
  });

  it('reach, larger text and read aloud all reset when the customer leaves; the pause and the times stay', () => {
    let state = kiosk();
    for (const choice of ['reach', 'largeText', 'speech'] as const)
      state = kioskReducer(state, kioskActions.assistToggled(choice));
    state = kioskReducer(state, kioskActions.connectionLost());
    const next = kioskReducer(state, customerLeft());
    expect(next.assist).toEqual({ reach: false, largeText: false, speech: false });
    expect(next).toMatchObject({ paused: true, idleMs: 90_000, promptMs: 45_000, customer: 1 });
  });

  it('the pause ends only when the connection is back', () => {
    const paused = kioskReducer(kiosk(), kioskActions.connectionLost());
    expect(paused.paused).toBe(true);
    expect(kioskReducer(paused, kioskActions.connectionBack()).paused).toBe(false);
  });
});
