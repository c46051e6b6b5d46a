import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Google sign-in end to end (issue 4; docs/product/accounts.md#google-sign-in): the browser goes
 * from the app to a real OpenID provider on this machine (oidc-provider.mjs, started by the config),
 * back to the server's callback, which exchanges the code with PKCE and verifies the ID token, then
 * to /auth/callback and /new. The provider approves at once; each test says whom it approves.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

interface Identity {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

const oidcURL = (): string => {
  const url = process.env.E2E_OIDC_URL;
  if (!url) throw new Error('E2E_OIDC_URL is set by playwright.config.ts');
  return url;
};

function newIdentity(overrides: Partial<Identity> = {}): Identity {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    sub: `google-${id}`,
    email: `google-${id}@example.com`,
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
    ...overrides,
  };
}

/** Tells the provider who approves the next sign-in (or to refuse it). */
async function provider(request: APIRequestContext, body: Identity | { deny: true }) {
  const response = await request.post(`${oidcURL()}/e2e/identity`, { data: body });
  expect(response.status()).toBe(204);
}

async function sessionUser(page: Page) {
  return ((await (await page.request.get('/api/auth/session')).json()) as { user: Record<string, unknown> | null })
    .user;
}

const header = (page: Page) => page.getByRole('banner');
const accountMenu = (page: Page) => header(page).getByRole('button', { name: 'Account menu' });
const googleButton = (page: Page) => page.getByRole('button', { name: /Continue with Google|Redirecting/ });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test.describe('desktop', { tag: '@desktop' }, () => {
  test.use({ viewport: DESKTOP });

  test('a new Google account: /auth → provider → /auth/callback → /new; Settings asks for the e-mail to delete it', async ({
    page,
    request,
  }) => {
    const identity = newIdentity();
    await provider(request, identity);
    await page.goto('/auth');

    // The click leaves the app; hold the request back a moment to see the busy text.
    await page.route('**/api/auth/google', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    const seen: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
    });
    // Clicked and read from inside the page: Playwright's locators wait for the navigation the click starts.
    await expect(googleButton(page)).toBeEnabled();
    const afterClick = await googleButton(page).evaluate(async (button: HTMLButtonElement) => {
      button.click();
      await new Promise((resolve) => setTimeout(resolve, 100)); // React renders after the event
      return { text: button.textContent, disabled: button.disabled };
    });
    expect(afterClick).toEqual({ text: 'Redirecting...', disabled: true });

    await expect(page).toHaveURL(/\/new$/);
    expect(seen).toContain('/auth/callback');
    await expect(accountMenu(page)).toHaveText('GH');
    expect(await sessionUser(page)).toMatchObject({
      email: identity.email,
      first_name: 'Grace',
      last_name: 'Hopper',
      auth_provider: 'google',
    });

    // No password to change; deletion is confirmed with the e-mail address.
    await page.goto('/settings');
    await expect(page.getByRole('tabpanel').getByLabel('Email', { exact: true })).toHaveValue(identity.email);
    await expect(page.getByRole('button', { name: 'Change Password' })).toHaveCount(0);
    await expect(page.getByText('You sign in with Google, so there is no password to change here.')).toBeVisible();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(
      dialog.getByText('This account signs in with Google: type your e-mail address to confirm account deletion.'),
    ).toBeVisible();
    await dialog.getByLabel('Your e-mail address').fill('someone-else@example.com');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(
      toast(page, 'The e-mail address does not match this account. Your account was not deleted.'),
    ).toBeVisible();
    await dialog.getByLabel('Your e-mail address').fill(identity.email.toUpperCase());
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(toast(page, 'Account deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await sessionUser(page)).toBeNull();
  });

  test('Google with the verified e-mail of an existing account signs into that account', async ({ page, request }) => {
    const email = `linked-${Date.now()}@example.com`;
    const signup = await request.post('/api/auth/signup', {
      data: { first_name: 'Ada', last_name: 'Lovelace', email, password: 'correct horse battery' },
    });
    expect(signup.status()).toBe(201);
    const { user } = (await signup.json()) as { user: { id: string } };

    await provider(request, newIdentity({ email: email.toUpperCase() }));
    await page.goto('/auth');
    await googleButton(page).click();
    await expect(page).toHaveURL(/\/new$/);
    await expect(accountMenu(page)).toHaveText('AL');
    expect(await sessionUser(page)).toMatchObject({ id: user.id, email });
  });

  test('an unverified Google e-mail is refused: back on /auth with the failure message', async ({ page, request }) => {
    await provider(request, newIdentity({ email_verified: false }));
    await page.goto('/auth');
    await googleButton(page).click();
    await expect(page).toHaveURL(/\/auth\?error=oauth_failed$/);
    await expect(page.getByRole('alert').first()).toHaveText(/Google sign-in failed/);
    await expect(googleButton(page)).toBeEnabled();
    expect(await sessionUser(page)).toBeNull();
  });

  test('cancelling at the provider comes back to /auth with the failure message', async ({ page, request }) => {
    await provider(request, { deny: true });
    await page.goto('/auth?mode=signup');
    await googleButton(page).click();
    await expect(page).toHaveURL(/\/auth\?error=oauth_failed$/);
    await expect(page.getByRole('alert').first()).toHaveText(/Google sign-in failed/);
    expect(await sessionUser(page)).toBeNull();
  });

  test('the callback without a session waits, then goes to /auth?error=oauth_timeout', async ({ page }) => {
    await page.goto('/auth/callback');
    await expect(page.getByRole('heading', { name: 'Completing authentication...' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?error=oauth_timeout$/);
    await expect(page.getByRole('alert').first()).toHaveText(/did not finish in time/);
  });

  test('the callback goes to /auth?error=oauth_failed when the session check itself fails', async ({ page }) => {
    // The network fails (the server is not asked): the check throws.
    await page.route('**/api/auth/session', (route) => route.abort('connectionfailed'));
    await page.goto('/auth/callback');
    await expect(page).toHaveURL(/\/auth\?error=oauth_failed$/);
    await expect(page.getByRole('alert').first()).toHaveText(/Google sign-in failed/);
  });

  test('a provider error in the callback address shows the failure view with Try Again', async ({ page }) => {
    await page.goto('/auth/callback?error=access_denied&error_description=The%20request%20was%20denied.');
    await expect(page.getByRole('heading', { name: 'Authentication failed' })).toBeVisible();
    await expect(page.getByText('The request was denied.')).toBeVisible();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  test('without Google settings the button is disabled and says why', async ({ page }) => {
    // The second app server of the e2e config runs without Google settings.
    await page.goto(`${process.env.E2E_PLAIN_URL}/auth`);
    await expect(googleButton(page)).toBeDisabled();
    await expect(googleButton(page)).toHaveAccessibleDescription('Google sign-in is not set up on this server.');
    await expect(page.getByText('Google sign-in is not set up on this server.')).toBeVisible();
  });
});

test.describe('phone', { tag: '@mobile' }, () => {
  test.use({ viewport: PHONE });

  test('375 px: Continue with Google from the auth modal signs in and lands on /new', async ({ page, request }) => {
    const identity = newIdentity({ given_name: 'Katherine', family_name: 'Johnson' });
    await provider(request, identity);
    await page.goto('/new');
    await header(page).getByRole('button', { name: 'Sign in' }).click();
    const modal = page.getByRole('dialog', { name: 'Sign in' });
    await modal.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/new$/);
    await expect(header(page).getByRole('button', { name: 'Sign in' })).toHaveCount(0);
    expect(await sessionUser(page)).toMatchObject({ email: identity.email, first_name: 'Katherine' });
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toContainText('Katherine Johnson');
  });
});
