/**
 * The menu search's matching rules (issue 26, docs/search.md): which products a query finds and with which
 * rank (0 as typed, 1 after folding accents and å ä ö, 2 with one typo). The catalogues are the demo shops'
 * own products (café, Finnish café, hostile shop, big shop) plus a few made-up ones for what the demo has
 * not got (a crème, a hyphenated title, Finnish dietary tags).
 */
import { bigShopFixture } from '../../../src/demo-api/fixtures/bigShopFixture';
import { demoShopFixtures } from '../../../src/demo-api/fixtures/fixtures';
import type { ShopFixture } from '../../../src/demo-api/fixtures/fixtureTypes';
import {
  buildSearchIndex,
  type SearchDoc,
  type SearchIndex,
  searchProducts,
} from '../../../src/features/shop/search';

type Found = Record<string, 0 | 1 | 2>;

function demoShop(shopId: string): ShopFixture {
  const shop = demoShopFixtures().find((fixture) => fixture.shop.shopId === shopId);
  if (!shop) throw new Error(`no demo shop ${shopId}`);
  return shop;
}

/** What the store page gives the search: each product with its category's name and its tags' texts. */
function docsOf(shop: ShopFixture): SearchDoc[] {
  return shop.products.map((product) => ({
    productId: product.id,
    title: product.title,
    description: product.description ?? '',
    categoryName: shop.categories.find((category) => category.id === product.category)?.name ?? '',
    tagNames: product.tags.map((id) => shop.tags.find((tag) => tag.id === id)?.tag ?? ''),
  }));
}

const made: SearchDoc[] = [
  {
    productId: 'creme',
    title: 'Crème brûlée',
    description: 'Vaniljkräm från Öland under bränt socker.',
    categoryName: 'Efterrätter',
    tagNames: ['Glutenfri'],
  },
  {
    productId: 'citron',
    title: 'Citron-mandelkaka',
    description: 'Saftig;glutenfri! Art. 12345',
    categoryName: 'Bakverk',
    tagNames: [],
  },
  {
    productId: 'smorrebrod',
    title: 'Smørrebrød',
    description: 'Dansk, med ost.',
    categoryName: 'Smörgåsar',
    tagNames: [],
  },
  {
    productId: 'kasviskeitto',
    title: 'Kasviskeitto',
    description: 'Päivän keitto.',
    categoryName: 'Ruoka',
    tagNames: ['Vegaaninen', 'Laktoositon'],
  },
];

const indexes: Record<string, SearchIndex> = {
  cafe: buildSearchIndex(docsOf(demoShop('cafe'))),
  kahvila: buildSearchIndex(docsOf(demoShop('kahvila'))),
  restaurant: buildSearchIndex(docsOf(demoShop('restaurant'))),
  hostile: buildSearchIndex(docsOf(demoShop('hostile'))),
  made: buildSearchIndex(made),
};

function find(shop: string, query: string): Found | null {
  const index = indexes[shop];
  if (!index) throw new Error(`no index ${shop}`);
  const found = searchProducts(index, query);
  return found && Object.fromEntries(found);
}

type Row = [shop: string, query: string, expected: Found];

/** One test per row, named after its query; the describe block names the rule. */
function rule(name: string, rows: Row[]): void {
  describe(name, () => {
    test.each(rows)('%s: %j', (shop, query, expected) => {
      expect(find(shop, query)).toEqual(expected);
    });
  });
}

rule('case does not matter: every word as typed is rank 0', [
  ['cafe', 'latte', { latte: 0, chai: 0 }],
  ['cafe', 'LATTE', { latte: 0, chai: 0 }],
  ['cafe', 'Caffè Latte', { latte: 0 }],
]);

rule('a query word finds the words it begins (prefix)', [
  ['cafe', 'latt', { latte: 0, chai: 0 }],
  ['cafe', 'havre', { flatwhite: 0 }], // "havre" in the title, "havredryck" in the description
  ['cafe', 'kanel', { kanelbulle: 0 }],
  ['kahvila', 'karjalan', { karjalanpiirakka: 0 }],
  ['kahvila', 'mustikka', { mustikkapiirakka: 0 }],
  ['kahvila', 'mustikkapiirakka', { mustikkapiirakka: 0 }],
]);

rule('accents are ignored, ranked after the exact spelling (rank 1)', [
  // "caffe" is also one letter from the whole word "Kaffe" (the category): the other coffees follow as
  // typos; not "Kaffebönor", whose beginning differs in the first letter.
  ['cafe', 'caffe', { latte: 1, brygg: 2, cappuccino: 2, flatwhite: 2, espresso: 2 }],
  ['made', 'creme brulee', { creme: 1 }],
  ['made', 'crème brûlée', { creme: 0 }],
  ['made', 'smorrebrod', { smorrebrod: 1 }], // ø has no decomposition: folded by hand
]);

rule('å, ä and ö typed without their marks still match (rank 1)', [
  ['cafe', 'pa havre', { flatwhite: 1 }],
  ['cafe', 'appeljuice', { applejuice: 1 }],
  ['cafe', 'osterlen', { applejuice: 1 }],
  ['kahvila', 'lammin', { korvapuusti: 1 }],
  ['kahvila', 'ruisleipa', { lohikeitto: 1 }],
  ['kahvila', 'taysi', { olut: 1 }],
  ['made', 'vaniljkram', { creme: 1 }],
]);

rule('the exact spelling ranks first (rank 0 before rank 1)', [
  ['cafe', 'på havre', { flatwhite: 0 }],
  ['cafe', 'äppeljuice', { applejuice: 0 }],
  // "på" as written in three products; "pärlsocker" only folds to "pa…".
  ['cafe', 'på', { brygg: 0, flatwhite: 0, raksmorgas: 0, kanelbulle: 1 }],
  ['cafe', 'pa', { brygg: 1, flatwhite: 1, raksmorgas: 1, kanelbulle: 1 }],
  ['cafe', 'ost', { ostfralla: 0, applejuice: 1 }], // Ostfralla as typed, Österlen folded
  ['made', 'o', { creme: 1, smorrebrod: 0 }], // "ost" as typed, "Öland" folded
  ['made', 'ö', { creme: 0, smorrebrod: 1 }],
  ['kahvila', 'lämmin', { korvapuusti: 0 }],
]);

rule('one typo is forgiven in query words of five letters or more (rank 2)', [
  ['cafe', 'lattte', { latte: 2, chai: 2 }], // a letter too many
  ['cafe', 'kanelbule', { kanelbulle: 2 }], // a letter missing
  ['cafe', 'latet', { latte: 2, chai: 2 }], // two neighbours swapped
  ['cafe', 'semle', { semla: 2 }], // a wrong letter
  ['cafe', 'vaffebönor', { bonor: 2 }], // in a whole word, the first letter too
  ['kahvila', 'mustikapiirakka', { mustikkapiirakka: 2 }],
  // Typing on after the typo keeps the product: one typo from the word's beginning.
  ['kahvila', 'mustikapi', { mustikkapiirakka: 2 }],
  ['made', 'vegan', { kasviskeitto: 2 }], // "Vegaaninen" begins one letter from "vegan"
]);

rule('no typo in query words under five letters, nor in the last letter of a word begun', [
  ['cafe', 'lete', {}], // neither a prefix of "latte" nor in it
  ['cafe', 'bule', {}], // four letters, in no word: "kanelbulle" is a typo away
  // From a word's beginning the typo must lie inside the query: not its last letter…
  ['cafe', 'kanelx', {}],
  ['restaurant', 'latte', {}], // "Lättöl": "lättö" differs in the last letter
  // …nor its first ("glass" would otherwise find every "Klassisk" product of the big shop).
  ['cafe', 'raffeb', {}],
]);

rule('query words of four letters or more also match inside a word (the end of a compound)', [
  ['cafe', 'bulle', { kanelbulle: 0, kardemumma: 0 }],
  ['cafe', 'kaka', { kladdkaka: 0 }],
  ['kahvila', 'piirakka', { karjalanpiirakka: 0, mustikkapiirakka: 0 }],
  ['kahvila', 'keitto', { lohikeitto: 0 }],
  ['made', 'kaka', { citron: 0 }], // "Citron-mandelkaka": the hyphen splits, "mandelkaka" holds it
  // Three letters: prefix only (so "ost" does not find "Västerbottensost" either).
  ['cafe', 'ter', { mugg: 0 }], // "Termosmugg"; not "Österlen", "Västerbottensost"
]);

rule('category names are searched', [
  ['cafe', 'bakverk', { kanelbulle: 0, kardemumma: 0, semla: 0, prinsesstarta: 0, kladdkaka: 0 }],
  ['cafe', 'smörgåsar', { raksmorgas: 0, ostfralla: 0, wrap: 0 }],
  ['kahvila', 'leivonnaiset', { korvapuusti: 0, karjalanpiirakka: 0, mustikkapiirakka: 0 }],
  ['kahvila', 'kahvit', { kahvi: 0, 'cappuccino-fi': 0 }],
]);

rule('every word must match (AND), each in any field; the worst word sets the rank', [
  ['cafe', 'chai latte', { chai: 0 }],
  ['cafe', 'kaffe mild', { latte: 0 }], // category + description
  ['cafe', 'mild kaffe lattte', { latte: 2 }],
  ['cafe', 'havre pa', { flatwhite: 1 }],
  ['cafe', 'kaffe choklad', {}],
  ['made', 'glutenfri kaka', { citron: 0 }], // description + title; the crème is glutenfri but no kaka
  ['made', 'gluten', { creme: 0, citron: 0 }], // tag + description
  ['made', 'keitto vegaaninen laktoositon', { kasviskeitto: 0 }],
]);

rule('punctuation and hyphens split words; numbers are words', [
  ['cafe', '4,5', { cider: 0 }],
  ['cafe', '4.5 %', { cider: 0 }],
  ['cafe', 'kaffebönor 250 g', { bonor: 0 }],
  ['cafe', 'prinsesstårta-bit', { prinsesstarta: 0 }],
  ['kahvila', '0,4', { olut: 0 }],
  ['made', 'citron', { citron: 0 }],
  ['made', 'saftig', { citron: 0 }],
  ['made', '1234', { citron: 0 }],
  ['made', '12346', {}], // numbers take no typo…
  ['made', '2345', {}], // …and are not found inside
]);

rule('hostile text is just text', [
  ['hostile', '<script>', { 'x-script': 0, 'x-sql': 0 }], // a title and a tag
  ['hostile', "'; DROP TABLE products; --", { 'x-sql': 0 }],
  ['hostile', 'onerror', { 'x-script': 0, 'x-sql': 0, 'x-unicode': 0 }], // the category is an <img …>
  ['hostile', 'constructor', { 'x-sql': 0 }],
  ['hostile', 'width', { 'x-unicode': 0 }], // a zero-width space splits words
  ['hostile', 'gnalp', { 'x-unicode': 0 }], // the stored letters, whatever direction marks show
  ['hostile', '.* ( [ \\', {}], // regular-expression characters are no words
  ['hostile', '🦐', {}],
]);

describe('the tags a product carries are searched', () => {
  const cafe = demoShop('cafe');

  test.each(cafe.tags.map((tag) => [tag.tag, tag.id]))('%s', (name, id) => {
    const carrying = cafe.products.filter((product) => product.tags.includes(id)).map((p) => p.id);
    const found = searchProducts(indexes.cafe!, name);
    expect([...(found?.keys() ?? [])]).toEqual(expect.arrayContaining(carrying));
  });

  test('"vegan" finds the products tagged Vegansk, and the one that says so in its title', () => {
    const vegan = cafe.tags.find((tag) => tag.tag === 'Vegansk')!.id;
    const tagged = cafe.products.filter((product) => product.tags.includes(vegan)).map((p) => p.id);
    expect(tagged).toEqual(expect.arrayContaining(['brygg', 'flatwhite', 'espresso', 'applejuice']));
    const expected = Object.fromEntries([...tagged, 'wrap'].map((id) => [id, 0]));
    expect(find('cafe', 'vegan')).toEqual(expected);
  });
});

describe('a blank query is no search; a query with no words finds nothing', () => {
  test.each(['', ' ', '\t\n '])('%j → null', (query) => {
    expect(find('cafe', query)).toBeNull();
  });

  test.each(['-', '!!!', '–', '🍕'])('%j → nothing', (query) => {
    expect(find('cafe', query)).toEqual({});
  });
});

test('the results keep the order of the documents given', () => {
  const order = docsOf(demoShop('cafe')).map((doc) => doc.productId);
  const found = [...searchProducts(indexes.cafe!, 'kaffe')!.keys()];
  expect(found).toEqual(order.filter((id) => found.includes(id)));
  expect(found).toEqual(['brygg', 'cappuccino', 'latte', 'flatwhite', 'espresso', 'bonor']);
});

describe('the big shop (2,000 products): build and search', () => {
  const shop = bigShopFixture();
  const index = buildSearchIndex(docsOf(shop));
  const inCategory = (name: string) =>
    shop.categories.find((category) => category.name === name)!.sortedProducts;

  test('a number finds its product', () => {
    expect(Object.fromEntries(searchProducts(index, 'nr 1234')!)).toEqual({ 'b-1234': 0 });
  });

  test('a category word finds the category, folded at rank 1', () => {
    const glass = inCategory('Glass');
    expect(glass).toHaveLength(50);
    expect([...searchProducts(index, 'glass')!.keys()]).toEqual(glass);
    expect(new Set(searchProducts(index, 'halsa')!.values())).toEqual(new Set([1]));
    expect([...searchProducts(index, 'halsa')!.keys()]).toEqual(inCategory('Hälsa'));
  });

  test('an adjective or tag finds every product that has it, a typo at rank 2', () => {
    const eko = shop.tags.find((tag) => tag.tag === 'Ekologisk')!.id;
    const expected = shop.products
      .filter((product) => product.title.startsWith('Ekologisk ') || product.tags.includes(eko))
      .map((product) => product.id);
    expect(expected.length).toBeGreaterThan(100);
    expect([...searchProducts(index, 'ekologisk')!.keys()]).toEqual(expected);
    const typo = searchProducts(index, 'ekologsik')!;
    expect([...typo.keys()]).toEqual(expected);
    expect(new Set(typo.values())).toEqual(new Set([2]));
  });

  test('two words narrow the results', () => {
    const found = searchProducts(index, 'ekologisk glass')!;
    expect(found.size).toBeGreaterThan(0);
    const glass = new Set(inCategory('Glass'));
    expect([...found.keys()].every((id) => glass.has(id))).toBe(true);
  });
});
