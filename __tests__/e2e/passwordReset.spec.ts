import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './helpers/test';
import { expectNoAxeViolations } from './helpers/axe';
import { shot } from './helpers/shots';

// §2 password reset against the real Firebase Auth emulator (firebase-tools, offline). `npm run test:e2e`
// runs the suite inside `firebase emulators:exec --only auth`; the demo build connects to 127.0.0.1:9099.

const EMULATOR = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`;
const PROJECT_ID = process.env.FIREBASE_PROJECT_ID ?? 'demo-storefront';
const IDENTITY = `${EMULATOR}/identitytoolkit.googleapis.com/v1`;

test.use({ viewport: { width: 390, height: 844 } });

/** Creates a user and a password reset code through the emulator's REST API; returns the code. */
async function resetCodeFor(request: APIRequestContext, email: string): Promise<string> {
  const signUp = await request.post(`${IDENTITY}/accounts:signUp?key=any`, {
    data: { email, password: 'old-secret', returnSecureToken: true },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const send = await request.post(`${IDENTITY}/accounts:sendOobCode?key=any`, {
    data: { requestType: 'PASSWORD_RESET', email },
  });
  expect(send.ok(), await send.text()).toBe(true);
  const listed = (await (
    await request.get(`${EMULATOR}/emulator/v1/projects/${PROJECT_ID}/oobCodes`)
  ).json()) as {
    oobCodes: Array<{ email: string; oobCode: string; requestType: string }>;
  };
  const code = listed.oobCodes.filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET').pop();
  expect(code, `no reset code for ${email}`).toBeDefined();
  return code!.oobCode;
}

async function signsIn(request: APIRequestContext, email: string, password: string): Promise<boolean> {
  const response = await request.post(`${IDENTITY}/accounts:signInWithPassword?key=any`, {
    data: { email, password, returnSecureToken: true },
  });
  return response.ok();
}

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test.beforeAll(async ({ request }) => {
  const up = await request.get(`${EMULATOR}/emulator/v1/projects/${PROJECT_ID}/config`).catch(() => null);
  expect(
    up?.ok(),
    `The Firebase Auth emulator is not running at ${EMULATOR}; run the suite with \`npm run test:e2e\` (firebase emulators:exec --only auth).`,
  ).toBe(true);
});

test('a reset link: form, validation, change, confirmation; the new password works', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('anna');
  const code = await resetCodeFor(request, email);
  await page.goto(`/auth/passwordreset?mode=resetPassword&oobCode=${encodeURIComponent(code)}`);

  const password = page.getByLabel('New password');
  const repeat = page.getByLabel('Repeat the password');
  await expect(password).toBeVisible();
  await expect(password).toHaveAttribute('type', 'password');
  await expect(password).toHaveAttribute('autocomplete', 'new-password');
  await expect(repeat).toHaveAttribute('autocomplete', 'new-password');
  await expectNoAxeViolations(page);
  await shot(page, 'password-reset-form');

  await password.fill('abc');
  await repeat.fill('abd');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(password).toHaveAccessibleDescription('The password must be at least 6 characters long');
  await expect(repeat).toHaveAccessibleDescription('Passwords do not match');
  await expect(password).toBeFocused();
  await expectNoAxeViolations(page);
  await shot(page, 'password-reset-errors');

  await password.fill('new-secret-1');
  await repeat.fill('new-secret-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `The password for ${email} has been changed. You can now sign in with it in the app.`,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Your password has been changed' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'password-reset-changed');

  expect(await signsIn(request, email, 'new-secret-1')).toBe(true);
  expect(await signsIn(request, email, 'old-secret')).toBe(false);

  // The code is used up: the same link now says it has expired.
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('The link has expired, ask for a new one in the app');
});

test('without oobCode the link has expired', async ({ page }) => {
  await page.goto('/auth/passwordreset');
  await expect(page.getByRole('alert')).toHaveText('The link has expired, ask for a new one in the app');
  await expect(page.getByLabel('New password')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, 'password-reset-expired');
});

test('an invalid oobCode is an expired link', async ({ page }) => {
  await page.goto('/auth/passwordreset?oobCode=not-a-real-code');
  await expect(page.getByRole('alert')).toHaveText('The link has expired, ask for a new one in the app');
});

test('Swedish texts', async ({ page, request }) => {
  const code = await resetCodeFor(request, uniqueEmail('sv'));
  await page.goto(`/auth/passwordreset?oobCode=${encodeURIComponent(code)}&lng=se`);
  await expect(page.getByLabel('Nytt lösenord')).toBeVisible();
  await page.getByRole('button', { name: 'Byt lösenord' }).click();
  await expect(page.getByText('Lösenordet måste vara minst 6 tecken långt')).toBeVisible();
  await shot(page, 'password-reset-errors-se');
});

test('firebase is loaded on the password reset route only', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/cafe');
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible(); // the store has rendered
  expect(scripts.filter((url) => url.includes('firebase'))).toEqual([]);
  await page.goto('/auth/passwordreset?oobCode=x');
  await expect(page.getByRole('alert')).toBeVisible();
  expect(scripts.filter((url) => url.includes('firebase-auth'))).toHaveLength(1);
});
