import { memoized } from '../../src/domain/memoized';

describe('memoized: a pure function remembered by a text key, within a bound (issue 37, the render)', () => {
  it('computes a value once per key and reads it back after that, whatever it is (undefined included)', () => {
    const compute = jest.fn((a: number, b: number) => (a + b === 0 ? undefined : a + b));
    const sum = memoized(compute, (a, b) => `${a} ${b}`, 10);
    expect([sum(1, 2), sum(1, 2), sum(2, 1), sum(0, 0), sum(0, 0)]).toEqual([3, 3, 3, undefined, undefined]);
    expect(compute.mock.calls).toEqual([
      [1, 2],
      [2, 1],
      [0, 0],
    ]);
  });

  it('never holds more than its limit: past it the memory starts afresh, and values stay right', () => {
    const compute = jest.fn((n: number) => n * 2);
    const double = memoized(compute, String, 3);
    for (const n of [1, 2, 3]) double(n);
    expect(compute).toHaveBeenCalledTimes(3);
    expect(double(4)).toBe(8); // the fourth key: the three before it are forgotten
    expect(double(1)).toBe(2);
    expect(compute).toHaveBeenCalledTimes(5);
    expect(double(4)).toBe(8);
    expect(compute).toHaveBeenCalledTimes(5);
  });

  it('remembers nothing of a computation that throws: the next call computes again', () => {
    let calls = 0;
    const flaky = memoized(
      (text: string) => {
        calls += 1;
        if (calls === 1) throw new Error('not a colour');
        return text.toUpperCase();
      },
      (text) => text,
      10,
    );
    expect(() => flaky('a')).toThrow('not a colour');
    expect(flaky('a')).toBe('A');
    expect(calls).toBe(2);
  });
});
