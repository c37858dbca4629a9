import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';

/**
 * With SHOTS_DIR set, keeps a PNG of what is on screen now as SHOTS_DIR/{name}.png (looked at by hand, not
 * compared), with `focus` scrolled to the middle when given; otherwise (CI) nothing is written.
 */
export async function shot(page: Page, name: string, focus?: Locator): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  if (focus) await focus.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  // Every picture in view drawn (a lazy one below the fold never loads, and is not in the picture).
  await page.waitForFunction(() =>
    [...document.images].every((image) => {
      const { top, bottom } = image.getBoundingClientRect();
      return image.complete || (image.loading === 'lazy' && (bottom < 0 || top > window.innerHeight));
    }),
  );
  await page.screenshot({ path: join(dir, `${name}.png`) });
}
