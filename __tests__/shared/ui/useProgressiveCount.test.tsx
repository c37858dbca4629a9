import { act, renderHook } from '@testing-library/react';
import { useProgressiveCount } from '../../../src/shared/ui/useProgressiveCount';

describe('drawing a long list in batches (store page of a big shop)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('draws the first batch at once, then one more batch per task until all are drawn', async () => {
    const { result } = renderHook(() => useProgressiveCount(500, 60, 200));
    expect(result.current[0]).toBe(60);
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(result.current[0]).toBe(260);
    await act(() => jest.advanceTimersByTimeAsync(0));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(result.current[0]).toBe(500);
  });

  it('showAll draws everything now', () => {
    const { result } = renderHook(() => useProgressiveCount(2000, 60, 200));
    act(() => result.current[1]());
    expect(result.current[0]).toBe(2000);
  });

  it('a short list is drawn whole in the first render', () => {
    const { result } = renderHook(() => useProgressiveCount(12, 60, 200));
    expect(result.current[0]).toBe(12);
  });
});
