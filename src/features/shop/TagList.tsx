import { css } from '@emotion/react';
import { memo } from 'react';
import { useAppSelector } from '../../app/hooks';
import { readableTextOn } from '../../domain/theme';
import { fontSize, radius, space } from '../../shared/theme/tokens';
import { selectTagEntities } from '../shopState';

/** Serialized once for every list (chips are plain `li`s in their own colours). */
const listCss = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 6,
  margin: `${space.xs}px 0`,
  padding: 0,
  listStyle: 'none',
  '& > li': { borderRadius: radius.lg, padding: '2px 10px', fontSize: fontSize.caption, fontWeight: 600 },
});

/**
 * A product's tags (§3 tag ids), each chip in its own colour (colours were checked at the API edge, text
 * colour follows §3). One subscription per list, to the tag entities, which change only when the shop does.
 */
export const TagList = memo(function TagList({ tagIds, label }: { tagIds: string[]; label: string }) {
  const tags = useAppSelector(selectTagEntities);
  if (tagIds.length === 0) return null;
  return (
    <ul aria-label={label} css={listCss}>
      {tagIds.map((id) => {
        const tag = tags[id];
        return tag ? (
          <li key={id} style={{ background: tag.color, color: readableTextOn(tag.color) }}>
            {tag.tag}
          </li>
        ) : null;
      })}
    </ul>
  );
});
