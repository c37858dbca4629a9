/**
 * Extras (deviation) group rules of SPEC §5: the number chosen in a group must be at least minCount and at
 * most maxCount when they are set. A null minCount, and a null or 0 maxCount, mean "not set".
 */
import type { DeviationGroup } from './types';

/** What the group rules need of a deviation group. */
export type GroupRule = Pick<DeviationGroup, 'minCount' | 'maxCount' | 'deviationIds'>;

/** The hint shown under a group (§5): exact count, min–max, min only, max only, or none. */
export type GroupHint =
  | { kind: 'exact'; count: number }
  | { kind: 'range'; min: number; max: number }
  | { kind: 'min'; min: number }
  | { kind: 'max'; max: number }
  | null;

/** The group's maximum, or null when none is set (null or 0 mean no maximum). */
function groupMax(group: GroupRule): number | null {
  return group.maxCount !== null && group.maxCount > 0 ? group.maxCount : null;
}

/** How many distinct extras of this group are selected (§5). */
export function selectedInGroup(group: GroupRule, selected: string[]): number {
  const inGroup = new Set(group.deviationIds);
  return new Set(selected.filter((id) => inGroup.has(id))).size;
}

/** §5: valid when the selected count is ≥ minCount (if set) and ≤ maxCount (if set and above 0). */
export function isGroupValid(group: GroupRule, selected: string[]): boolean {
  const count = selectedInGroup(group, selected);
  const max = groupMax(group);
  if (group.minCount !== null && count < group.minCount) return false;
  return max === null || count <= max;
}

/** Ids of the groups whose selection breaks §5 (add/update stays disabled while any is listed). */
export function invalidGroups<G extends GroupRule & { id: string }>(
  groups: G[],
  selected: string[],
): string[] {
  return groups.filter((group) => !isGroupValid(group, selected)).map((group) => group.id);
}

/**
 * The §5 hint for a group: min and max equal → exact; both set and different → range; only a min above 0
 * → min; only a max → max; else null. A min of 0 counts as not set, so 0..3 reads "at most 3".
 */
export function groupHint(group: GroupRule): GroupHint {
  const min = group.minCount !== null && group.minCount > 0 ? group.minCount : null;
  const max = groupMax(group);
  if (min !== null && max !== null)
    return min === max ? { kind: 'exact', count: min } : { kind: 'range', min, max };
  if (min !== null) return { kind: 'min', min };
  if (max !== null) return { kind: 'max', max };
  return null;
}

/**
 * Selects or unselects an extra (§5). In a group with maxCount 1 a new choice replaces the group's previous
 * one (radio); elsewhere choosing beyond the max is allowed and the group then shows as invalid.
 */
export function toggleDeviation(group: GroupRule, selected: string[], deviationId: string): string[] {
  if (selected.includes(deviationId)) return selected.filter((id) => id !== deviationId);
  if (group.maxCount === 1) {
    const inGroup = new Set(group.deviationIds);
    return [...selected.filter((id) => !inGroup.has(id)), deviationId];
  }
  return [...selected, deviationId];
}
