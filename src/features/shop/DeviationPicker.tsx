import { useId } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useTheme } from '@emotion/react';
import { groupHint, isGroupValid, selectedInGroup, type GroupHint } from '../../domain/extras';
import type { Deviation, DeviationGroup } from '../../domain/types';
import { radius, space, touchTarget } from '../../shared/theme/tokens';
import { Amount } from '../../shared/ui/Amount';
import { errorTextStyle } from '../../shared/ui/ErrorText';
import { smallTextStyle } from '../../shared/ui/styles';

/** Long one-word names (Hasselnötssirap) wrap, hyphenated where the browser can: never cut off. */
const wrapWordsStyle = { overflowWrap: 'anywhere', hyphens: 'auto' } as const;

/** The hint under a group's name, §5: exact count, min–max, min only or max only. */
function useHintText(hint: GroupHint): string | null {
  const { t } = useTranslation();
  if (!hint) return null;
  switch (hint.kind) {
    case 'exact':
      return t('deviations.hintExact', { count: hint.count });
    case 'range':
      return t('deviations.hintRange', { min: hint.min, max: hint.max });
    case 'min':
      return t('deviations.hintMin', { count: hint.min });
    case 'max':
      return t('deviations.hintMax', { count: hint.max });
  }
}

/** More of the group chosen than its maximum allows (a maxCount of 0 or null is no maximum, §5). */
function aboveMaximum(group: DeviationGroup, selected: string[]): boolean {
  return group.maxCount !== null && group.maxCount > 0 && selectedInGroup(group, selected) > group.maxCount;
}

function GroupFieldset({
  group,
  deviations,
  selected,
  onToggle,
  showErrors,
}: {
  group: DeviationGroup;
  deviations: Record<string, Deviation | undefined>;
  selected: string[];
  onToggle: (group: DeviationGroup, deviationId: string) => void;
  showErrors: boolean;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const hint = useHintText(groupHint(group));
  // A group still short of its minimum shows only its rule (the hint, neutral) until the customer tries to
  // add (issue 26): a red message before they touched anything reads as a mistake they did not make. One
  // chosen beyond its maximum is the customer's own doing, so it says so at once.
  const error = !isGroupValid(group, selected) && (showErrors || aboveMaximum(group, selected));
  // Not built from the group id: server ids may hold spaces, which would split aria-describedby.
  const baseId = useId();
  const errorId = `${baseId}-error`;
  const hintId = `${baseId}-hint`;
  return (
    <fieldset
      aria-describedby={[hint ? hintId : '', error ? errorId : ''].join(' ').trim() || undefined}
      aria-invalid={error ? true : undefined}
      css={{
        border: `2px solid ${error ? theme.errorColor : theme.borderColor}`,
        borderRadius: radius.md,
        margin: `0 0 ${space.md}px`,
        padding: `${space.sm}px ${space.md}px ${space.md}px`,
      }}
    >
      <legend css={[wrapWordsStyle, { fontWeight: 700, padding: `0 ${space.xs}px` }]}>{group.name}</legend>
      {hint && (
        <p id={hintId} css={[smallTextStyle, { marginBottom: space.xs }]}>
          {hint}
        </p>
      )}
      {group.deviationIds.map((id) => {
        const deviation = deviations[id];
        if (!deviation) return null;
        return (
          <label
            key={id}
            css={{
              display: 'flex',
              alignItems: 'center',
              gap: 10,
              minHeight: touchTarget.phone,
              cursor: 'pointer',
            }}
          >
            <input
              type="checkbox"
              checked={selected.includes(id)}
              onChange={() => onToggle(group, id)}
              css={{ width: 22, height: 22, accentColor: theme.primaryColor, flex: 'none' }}
            />
            <span css={[wrapWordsStyle, { flex: 1, minWidth: 0 }]}>{deviation.name}</span>
            {deviation.price && deviation.price.amount !== 0 && <Amount value={deviation.price} sign="+" />}
          </label>
        );
      })}
      {error && (
        <p id={errorId} css={[errorTextStyle, { margin: `${space.xs}px 0 0` }]}>
          {t('deviations.selectRequired')}
        </p>
      )}
    </fieldset>
  );
}

/**
 * §5 extras groups, each with its rule as a hint. A group whose selection is outside min/max is outlined with
 * its message once `showErrors` (the customer tried to add), or at once when above its maximum.
 */
export function DeviationPicker(props: {
  groups: DeviationGroup[];
  deviations: Record<string, Deviation | undefined>;
  selected: string[];
  onToggle: (group: DeviationGroup, deviationId: string) => void;
  showErrors: boolean;
}) {
  const { t } = useTranslation();
  if (props.groups.length === 0) return null;
  return (
    <section aria-label={t('deviations.title')}>
      {props.groups.map((group) => (
        <GroupFieldset key={group.id} group={group} {...props} />
      ))}
    </section>
  );
}
