import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@emotion/react';
import { groupHint, isGroupValid, type GroupHint } from '../../domain/extras';
import { formatMoney } from '../../domain/money';
import type { Deviation, DeviationGroup } from '../../domain/types';
import { radius, space, touchTarget } from '../../shared/theme/tokens';
import { errorTextStyle } from '../../shared/ui/ErrorText';
import { smallTextStyle } from '../../shared/ui/styles';

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

function GroupFieldset({
  group,
  deviations,
  selected,
  onToggle,
}: {
  group: DeviationGroup;
  deviations: Record<string, Deviation | undefined>;
  selected: string[];
  onToggle: (group: DeviationGroup, deviationId: string) => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const hint = useHintText(groupHint(group));
  const valid = isGroupValid(group, selected);
  // Not built from the group id: server ids may hold spaces, which would split aria-describedby.
  const baseId = useId();
  const errorId = `${baseId}-error`;
  const hintId = `${baseId}-hint`;
  return (
    <fieldset
      aria-describedby={[hint ? hintId : '', valid ? '' : errorId].join(' ').trim() || undefined}
      aria-invalid={valid ? undefined : true}
      css={{
        border: `2px solid ${valid ? theme.borderColor : theme.errorColor}`,
        borderRadius: radius.md,
        margin: `0 0 ${space.md}px`,
        padding: `${space.sm}px ${space.md}px ${space.md}px`,
      }}
    >
      <legend css={{ fontWeight: 700, padding: `0 ${space.xs}px` }}>{group.name}</legend>
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
            <span css={{ flex: 1 }}>{deviation.name}</span>
            {deviation.price && deviation.price.amount !== 0 && <span>+{formatMoney(deviation.price)}</span>}
          </label>
        );
      })}
      {!valid && (
        <p id={errorId} css={[errorTextStyle, { margin: `${space.xs}px 0 0` }]}>
          {t('deviations.selectRequired')}
        </p>
      )}
    </fieldset>
  );
}

/** §5 extras groups: each group outlined with its message while its selection is outside min/max. */
export function DeviationPicker(props: {
  groups: DeviationGroup[];
  deviations: Record<string, Deviation | undefined>;
  selected: string[];
  onToggle: (group: DeviationGroup, deviationId: string) => void;
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
