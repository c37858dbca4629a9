import { expect } from '@playwright/test';
import { test } from './helpers/test';
import { expectNoAxeViolations } from './helpers/axe';
import { shot } from './helpers/shots';

// §2 bookkeeping integration: the start page, the demo's OAuth consent page, and the callback pages.

test.use({ viewport: { width: 390, height: 844 } });

const state = (value: unknown) => encodeURIComponent(JSON.stringify(value));

test('Fortnox round trip: start, consent, callback, success', async ({ page }) => {
  await page.goto('/integrate/fortnox/c-cafe/AUTH123?companyName=Kaffebaren%20i%20Vasastan%20AB');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Integrating Fortnox Kaffebaren i Vasastan AB' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'integrate-start');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/demo\/oauth\/fortnox\/authorize\?/);
  await page.getByRole('button', { name: 'Godkänn' }).click();

  await expect(page).toHaveURL(/\/integrateFortnox\?code=.+&state=/);
  await expect(page.getByText('Fortnox is now connected. You can go back to the app.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Connect your bookkeeping' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'More information' })).toHaveAttribute('href', '/demo');
  await expectNoAxeViolations(page);
  await shot(page, 'integrate-callback-success');

  // The code is used up: the same callback opened again fails, with the server's error name.
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(
    'The connection to the bookkeeping software failed: INVALID_AUTHORIZATION_CODE',
  );
  await expectNoAxeViolations(page);
  await shot(page, 'integrate-callback-failed');
});

test('Visma round trip in Swedish', async ({ page }) => {
  await page.goto('/integrate/visma/c-restaurant/AUTH456?companyName=Restaurang&lng=se');
  await expect(page.getByRole('heading', { level: 1, name: 'Kopplar Visma till Restaurang' })).toBeVisible();
  await page.getByRole('button', { name: 'Fortsätt' }).click();
  await page.getByRole('button', { name: 'Godkänn' }).click();
  await expect(page.getByText('Visma är nu kopplat. Du kan gå tillbaka till appen.')).toBeVisible();
});

test('a denied consent in a web flow (no code) says something went wrong', async ({ page }) => {
  await page.goto('/integrate/visma/c-cafe/AUTH789?companyName=Kaffe');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Neka' }).click();
  await expect(page).toHaveURL(/\/integrateVisma\?error=access_denied/);
  await expect(page.getByRole('alert')).toHaveText('Something went wrong');
  await expectNoAxeViolations(page);
  await shot(page, 'integrate-callback-missing-params');
});

test('an unknown bookkeeper gets the only-Visma-and-Fortnox message and no button', async ({ page }) => {
  await page.goto('/integrate/quickbooks/c-cafe/AUTH123?companyName=Kaffe');
  await expect(page.getByRole('alert')).toHaveText('Only Visma and Fortnox are supported');
  await expect(page.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, 'integrate-unknown-bookkeeper');
});

test('a failing start offers Try again', async ({ page }) => {
  await page.goto('/integrate/fortnox/no-such-company/AUTH123?companyName=Nobody');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('An error occurred, please try again');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
  await expectNoAxeViolations(page);
  await shot(page, 'integrate-start-failed');
});

test('a hostile company name is only text', async ({ page }) => {
  page.on('dialog', () => {
    throw new Error('a dialog opened: the company name ran as code');
  });
  const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script>"quoted"';
  await page.goto(`/integrate/fortnox/c-cafe/AUTH123?companyName=${encodeURIComponent(hostile)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Integrating Fortnox ${hostile}`);
  await expect(page.locator('main img[src="x"], main script')).toHaveCount(0);
  await shot(page, 'integrate-start-hostile');
});

test('a long company name wraps on a phone', async ({ page }) => {
  await page.goto(`/integrate/fortnox/c-cafe/AUTH123?companyName=${'Aktiebolaget'.repeat(8)}`);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
});

for (const [path, host] of [
  ['/integrateFortnox', 'fortnox'],
  ['/integrateVisma', 'visma'],
  ['/stripe', 'stripe'],
] as const) {
  test(`${path} with isWeb false hands the whole query string to the app (${host})`, async ({ page }) => {
    const search = `?code=abc&state=${state({ isWeb: false, companyID: 'c-cafe', scopeState: 's' })}`;
    await page.goto(`${path}${search}`);
    await expect(page.getByText('Taking you back to the app…')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the app' })).toHaveAttribute(
      'href',
      `kassa://${host}${path}${search}`,
    );
    if (host === 'fortnox') {
      await expectNoAxeViolations(page);
      await shot(page, 'integrate-callback-app');
    }
  });
}

test('a hostile state is not trusted: it goes to the app unchanged', async ({ page }) => {
  page.on('dialog', () => {
    throw new Error('a dialog opened');
  });
  const search = `?code=abc&state=${encodeURIComponent('{"isWeb":true,"companyID":"</script><script>alert(1)</script>"')}`;
  await page.goto(`/integrateVisma${search}`);
  await expect(page.getByRole('link', { name: 'Open the app' })).toHaveAttribute(
    'href',
    `kassa://visma/integrateVisma${search}`,
  );
});

test('missing parameters say something went wrong', async ({ page }) => {
  await page.goto('/stripe');
  await expect(page.getByRole('alert')).toHaveText('Something went wrong');
});
