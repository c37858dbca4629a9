/**
 * Issue 26: how the search narrows the store (filterMenu, menuSearch.tsx): the shop's categories and order,
 * each category's products ranked as typed first, tags meaning "all of these", and a category a keystroke
 * leaves unchanged kept as the same object, so the store's memoized section skips that render (the big
 * shop's keystroke budget, docs/performance.md).
 */
import type { Category, Product, Tag } from '../../../src/domain/types';
import { filterMenu } from '../../../src/features/shop/menuSearch';
import { product } from '../../helpers/fixtures';

const tags: Record<string, Tag> = {
  vegan: { id: 'vegan', tag: 'Vegansk', color: '#2e7d32' },
  gluten: { id: 'gluten', tag: 'Glutenfri', color: '#8d6e63' },
};
const products: Record<string, Product> = Object.fromEntries(
  [
    product('latte', { title: 'Caffè latte', categoryId: 'coffee' }),
    product('havre', { title: 'Flat white på havre', categoryId: 'coffee', tagIds: ['vegan'] }),
    product('pa', { title: 'Pa', categoryId: 'coffee' }),
    product('chai', { title: 'Chai latte', categoryId: 'tea', tagIds: ['vegan', 'gluten'] }),
    product('bulle', { title: 'Kanelbulle', categoryId: 'pastry', tagIds: ['vegan'] }),
    product('kaka', { title: 'Chokladkaka', categoryId: 'pastry', tagIds: ['gluten'] }),
  ].map((p) => [p.id, p]),
);
const categories: Category[] = [
  { id: 'coffee', name: 'Kaffe', productIds: ['latte', 'havre', 'pa'] },
  { id: 'tea', name: 'Te', productIds: ['chai'] },
  { id: 'pastry', name: 'Bakverk', productIds: ['bulle', 'kaka'] },
];

const search = (text: string, address = '') =>
  filterMenu(text, new URLSearchParams(address), categories, products, tags);
const shape = (found: ReturnType<typeof search>) =>
  found.categories.map((category) => [category.id, category.productIds]);

test('issue 26: results keep the shop’s categories and their order, with a count of the products', () => {
  const found = search('latte');
  expect(shape(found)).toEqual([
    ['coffee', ['latte']],
    ['tea', ['chai']],
  ]);
  expect(found.count).toBe(2);
});

test('issue 26: within a category, products spelt as typed come before those found without å ä ö', () => {
  // "pa" is "Pa" as typed (rank 0) and "på" folded (rank 1): Pa first although the shop lists it last.
  expect(shape(search('pa'))).toEqual([['coffee', ['pa', 'havre']]]);
});

test('issue 26: several chosen tags mean products with all of them, combined with the words', () => {
  expect(shape(search('', '?tags=vegan'))).toEqual([
    ['coffee', ['havre']],
    ['tea', ['chai']],
    ['pastry', ['bulle']],
  ]);
  expect(shape(search('', '?tags=vegan,gluten'))).toEqual([['tea', ['chai']]]);
  expect(shape(search('latte', '?tags=vegan'))).toEqual([['tea', ['chai']]]);
});

test('issue 26: an open search with no words and no tags shows the whole menu, the same category objects', () => {
  const found = search('');
  expect(found.categories).toEqual(categories);
  found.categories.forEach((category, i) => expect(category).toBe(categories[i]));
  expect(found.count).toBe(6);
});

test('issue 26: a category whose matches a keystroke leaves unchanged is the same object (its section skips the render)', () => {
  const before = search('kanel');
  const after = search('kanelb');
  expect(shape(after)).toEqual([['pastry', ['bulle']]]);
  expect(after.categories[0]).toBe(before.categories[0]);
  // A category whose matches did change is a new object.
  expect(search('latte').categories[0]).not.toBe(search('a').categories[0]);
});

test('issue 26: a product the shop lists in two categories is found in both, each in that category’s order', () => {
  const twice: Category[] = [
    { id: 'coffee', name: 'Kaffe', productIds: ['latte', 'havre'] },
    { id: 'tea', name: 'Te', productIds: ['chai', 'latte'] },
  ];
  const found = filterMenu('latte', new URLSearchParams(), twice, products, tags);
  expect(found.categories.map((c) => [c.id, c.productIds])).toEqual([
    ['coffee', ['latte']],
    ['tea', ['chai', 'latte']],
  ]);
  expect(found.count).toBe(2);
});
