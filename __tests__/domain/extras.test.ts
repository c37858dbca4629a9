import {
  groupHint,
  invalidGroups,
  isGroupValid,
  selectedInGroup,
  toggleDeviation,
} from '../../src/domain/extras';
import type { GroupRule } from '../../src/domain/extras';

function group(
  minCount: number | null,
  maxCount: number | null,
  deviationIds = ['a', 'b', 'c', 'd'],
): GroupRule {
  return { minCount, maxCount, deviationIds };
}

describe('§5 extras groups: counting', () => {
  it('counts only the selected extras that belong to the group, once each', () => {
    expect(selectedInGroup(group(null, null), ['a', 'x', 'c', 'a'])).toBe(2);
    expect(selectedInGroup(group(null, null), [])).toBe(0);
  });
});

describe('§5 extras groups: validity', () => {
  it('needs at least minCount: invalid one below, valid exactly at it', () => {
    expect(isGroupValid(group(2, null), ['a'])).toBe(false);
    expect(isGroupValid(group(2, null), ['a', 'b'])).toBe(true);
  });

  it('allows at most maxCount: valid exactly at it, invalid one above', () => {
    expect(isGroupValid(group(null, 2), ['a', 'b'])).toBe(true);
    expect(isGroupValid(group(null, 2), ['a', 'b', 'c'])).toBe(false);
  });

  it('checks both edges of a range', () => {
    const rule = group(1, 2);
    expect(isGroupValid(rule, [])).toBe(false);
    expect(isGroupValid(rule, ['a'])).toBe(true);
    expect(isGroupValid(rule, ['a', 'b'])).toBe(true);
    expect(isGroupValid(rule, ['a', 'b', 'c'])).toBe(false);
  });

  it('treats a null or 0 maxCount as no maximum', () => {
    expect(isGroupValid(group(null, null), ['a', 'b', 'c', 'd'])).toBe(true);
    expect(isGroupValid(group(null, 0), ['a', 'b', 'c', 'd'])).toBe(true);
    expect(isGroupValid(group(1, 0), ['a'])).toBe(true);
  });

  it('treats a null minCount as no minimum and a 0 minCount as satisfied by nothing', () => {
    expect(isGroupValid(group(null, 3), [])).toBe(true);
    expect(isGroupValid(group(0, 3), [])).toBe(true);
  });

  it('ignores selections from other groups when counting against the limits', () => {
    expect(isGroupValid(group(1, 1, ['a', 'b']), ['x', 'y', 'a'])).toBe(true);
    expect(isGroupValid(group(1, null, ['a', 'b']), ['x'])).toBe(false);
  });

  it('lists the ids of invalid groups only', () => {
    const groups = [
      { id: 'milk', ...group(1, 1, ['oat', 'soy']) },
      { id: 'syrup', ...group(null, 2, ['vanilla', 'caramel', 'hazel']) },
      { id: 'size', ...group(1, 1, ['small', 'large']) },
    ];
    expect(invalidGroups(groups, ['oat', 'vanilla', 'caramel', 'hazel'])).toEqual(['syrup', 'size']);
    expect(invalidGroups(groups, ['oat', 'small'])).toEqual([]);
  });
});

describe('§5 extras groups: hints', () => {
  it('gives an exact count when min and max are equal', () => {
    expect(groupHint(group(2, 2))).toEqual({ kind: 'exact', count: 2 });
    expect(groupHint(group(1, 1))).toEqual({ kind: 'exact', count: 1 });
  });

  it('gives a range when min and max differ', () => {
    expect(groupHint(group(1, 3))).toEqual({ kind: 'range', min: 1, max: 3 });
  });

  it('gives a minimum when only min is set above 0', () => {
    expect(groupHint(group(2, null))).toEqual({ kind: 'min', min: 2 });
    expect(groupHint(group(1, 0))).toEqual({ kind: 'min', min: 1 });
  });

  it('gives a maximum when only max is set, counting a min of 0 as not set', () => {
    expect(groupHint(group(null, 3))).toEqual({ kind: 'max', max: 3 });
    expect(groupHint(group(0, 3))).toEqual({ kind: 'max', max: 3 });
  });

  it('gives no hint when neither is set', () => {
    expect(groupHint(group(null, null))).toBeNull();
    expect(groupHint(group(0, 0))).toBeNull();
    expect(groupHint(group(0, null))).toBeNull();
  });
});

describe('§5 extras groups: choosing', () => {
  it('selects an extra that is not selected and unselects one that is', () => {
    expect(toggleDeviation(group(null, 3), ['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleDeviation(group(null, 3), ['a', 'b'], 'a')).toEqual(['b']);
  });

  it('replaces the previous choice of the group when maxCount is 1 (radio) and keeps other groups', () => {
    expect(toggleDeviation(group(1, 1, ['a', 'b']), ['x', 'a'], 'b')).toEqual(['x', 'b']);
  });

  it('unselects the choice of a maxCount 1 group when it is chosen again', () => {
    expect(toggleDeviation(group(0, 1, ['a', 'b']), ['a'], 'a')).toEqual([]);
  });

  it('allows choosing beyond a max above 1, leaving the group invalid', () => {
    const rule = group(null, 2);
    const selected = toggleDeviation(rule, ['a', 'b'], 'c');
    expect(selected).toEqual(['a', 'b', 'c']);
    expect(isGroupValid(rule, selected)).toBe(false);
  });

  it('does not change the input array', () => {
    const selected = ['a'];
    toggleDeviation(group(null, null), selected, 'b');
    toggleDeviation(group(1, 1), selected, 'b');
    expect(selected).toEqual(['a']);
  });
});
