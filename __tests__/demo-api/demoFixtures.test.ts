/**
 * Issue 26 demo data: the café and the Finnish shop carry dietary tags in their own language, on the right
 * products, in colours whose text the §3 rule makes readable; the demo shops' products are drawn pictures
 * (hand-made SVG, small, deterministic, nothing from outside), other names a neutral tile.
 */
import { demoShopFixtures } from '../../src/demo-api/fixtures/fixtures';
import type { ShopFixture } from '../../src/demo-api/fixtures/fixtureTypes';
import { DRAWN_IMAGE_NAMES, IMAGE_NAME_PATTERN, demoSvg } from '../../src/demo-api/fixtures/svgImages';
import { contrastRatio, readableTextOn } from '../../src/domain/theme';

function shop(shopId: string): ShopFixture {
  const found = demoShopFixtures().find((fixture) => fixture.shop.shopId === shopId);
  if (!found) throw new Error(`no demo shop ${shopId}`);
  return found;
}

/** Product id → its tags' texts. */
function tagsByProduct(fixture: ShopFixture): Record<string, string[]> {
  return Object.fromEntries(
    fixture.products.map((product) => [
      product.id,
      product.tags.map((id) => fixture.tags.find((tag) => tag.id === id)?.tag ?? `(unknown ${id})`),
    ]),
  );
}

describe('issue 26: dietary tags of the café and the Finnish shop', () => {
  it.each([
    ['cafe', ['Vegansk', 'Laktosfri', 'Glutenfri', 'Innehåller nötter', 'Nyhet']],
    ['kahvila', ['Vegaaninen', 'Laktoositon', 'Gluteeniton', 'Sisältää pähkinöitä', 'Uutuus']],
  ])('%s has its dietary tags in its own language', (shopId, names) => {
    expect(shop(shopId).tags.map((tag) => tag.tag)).toEqual(expect.arrayContaining(names));
  });

  it.each(['cafe', 'kahvila'])(
    '%s: every tag is on some product, and every product names only tags of its shop',
    (shopId) => {
      const fixture = shop(shopId);
      for (const tag of fixture.tags)
        expect(fixture.products.some((product) => product.tags.includes(tag.id))).toBe(true);
      for (const product of fixture.products)
        for (const id of product.tags) expect(fixture.tags.map((tag) => tag.id)).toContain(id);
    },
  );

  it.each(['cafe', 'kahvila', 'restaurant'])(
    '%s: §3 every tag colour gets text of at least 4.5:1 (white on dark, black on light)',
    (shopId) => {
      for (const tag of shop(shopId).tags) {
        expect(tag.color).toMatch(/^#[0-9a-f]{6}$/i);
        expect(contrastRatio(readableTextOn(tag.color), tag.color)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('the tags sit on the products they describe', () => {
    const cafe = tagsByProduct(shop('cafe'));
    expect(cafe.flatwhite).toEqual(expect.arrayContaining(['Vegansk', 'Laktosfri', 'Nyhet']));
    expect(cafe.wrap).toEqual(expect.arrayContaining(['Vegansk']));
    expect(cafe.espresso).toEqual(expect.arrayContaining(['Vegansk', 'Glutenfri']));
    expect(cafe.semla).toEqual(expect.arrayContaining(['Innehåller nötter'])); // almond paste
    expect(cafe.prinsesstarta).toEqual(expect.arrayContaining(['Innehåller nötter'])); // marzipan
    // Milk, butter and wheat: never vegan nor lactose-free.
    for (const id of ['latte', 'cappuccino', 'kanelbulle', 'kardemumma', 'semla', 'ostfralla'])
      expect(cafe[id]).not.toEqual(expect.arrayContaining(['Vegansk']));
    for (const id of ['kanelbulle', 'kardemumma', 'ostfralla', 'raksmorgas', 'wrap'])
      expect(cafe[id]).not.toContain('Glutenfri');

    const kahvila = tagsByProduct(shop('kahvila'));
    expect(kahvila.pahkinat).toEqual(expect.arrayContaining(['Sisältää pähkinöitä']));
    expect(kahvila.kahvi).toEqual(expect.arrayContaining(['Vegaaninen', 'Gluteeniton']));
    expect(kahvila.mustikkapiirakka).toEqual(expect.arrayContaining(['Uutuus']));
    for (const id of ['korvapuusti', 'karjalanpiirakka', 'mustikkapiirakka', 'lohikeitto'])
      expect(kahvila[id]).not.toContain('Vegaaninen');
  });

  it('the café has the products the search journeys look for', () => {
    const titles = shop('cafe').products.map((product) => product.title);
    expect(titles).toEqual(expect.arrayContaining(['Caffè latte', 'Flat white på havre']));
  });
});

describe('issue 26: drawn product pictures', () => {
  const demoImages = demoShopFixtures()
    .filter((fixture) => fixture.shop.shopId !== 'hostile')
    .flatMap((fixture) => fixture.products.map((product) => product.image))
    .filter((image): image is string => image !== null)
    .map((image) => /^\/demo\/images\/([a-z0-9-]+)\.svg$/.exec(image)?.[1] ?? `(not a demo image: ${image})`);

  it('every demo product with a picture has a drawing of its own, named as the image route accepts', () => {
    expect(demoImages.length).toBeGreaterThan(30);
    for (const name of demoImages) {
      expect(name).toMatch(IMAGE_NAME_PATTERN);
      expect(DRAWN_IMAGE_NAMES).toContain(name);
    }
  });

  it.each(DRAWN_IMAGE_NAMES.map((name) => [name]))(
    '%s: a small, self-contained, named square SVG, the same every time',
    (name) => {
      const svg = demoSvg(name);
      expect(svg).toBe(demoSvg(name));
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 400 400"/);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).toMatch(/role="img" aria-label="[^"<>]{3,}"/);
      expect(Buffer.byteLength(svg)).toBeLessThan(4096);
      // Nothing from outside and nothing that runs (the route's CSP allows inline styles only).
      expect(svg).not.toMatch(/<(script|image|use|foreignObject|style)\b|href=|url\((?!#)|on\w+=|<text\b/i);
    },
  );

  it('a name without a drawing (and a logo) still gets a stable tile', () => {
    const tile = demoSvg('something-else');
    expect(tile).toBe(demoSvg('something-else'));
    expect(tile).toMatch(/^<svg[^>]*role="img" aria-label="something else"/);
    expect(demoSvg('logo-cafe')).toMatch(/^<svg[^>]*viewBox="0 0 240 80"[^>]*aria-label="Cafe"/);
  });
});
