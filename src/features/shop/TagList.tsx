import { memo } from 'react';
import { useSelector } from 'react-redux';
import { readableTextOn } from '../../domain/theme';
import { selectTagById } from './shopSelectors';
import type { ShopState } from './shopSlice';

/** One tag chip in its own colour (colours were checked at the API edge, text colour follows §3). */
const TagChip = memo(function TagChip({ tagId }: { tagId: string }) {
  const tag = useSelector((state: { shop: ShopState }) => selectTagById(state, tagId));
  if (!tag) return null;
  return (
    <li
      css={{
        background: tag.color,
        color: readableTextOn(tag.color),
        borderRadius: 12,
        padding: '2px 10px',
        fontSize: 13,
        fontWeight: 600,
      }}
    >
      {tag.tag}
    </li>
  );
});

/** A product's tags (§3 tag ids), each chip subscribed to its own tag only. */
export function TagList({ tagIds, label }: { tagIds: string[]; label: string }) {
  if (tagIds.length === 0) return null;
  return (
    <ul
      aria-label={label}
      css={{ display: 'flex', flexWrap: 'wrap', gap: 6, margin: '4px 0', padding: 0, listStyle: 'none' }}
    >
      {tagIds.map((id) => (
        <TagChip key={id} tagId={id} />
      ))}
    </ul>
  );
}
