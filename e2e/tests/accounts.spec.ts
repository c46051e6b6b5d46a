import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAccount, PASSWORD, signInPage, uniqueEmail } from './support/accounts';
import { seriousViolations } from './support/axe';

/**
 * Accounts in the browser (issue 4; docs/product/accounts.md, docs/product/settings.md): the auth
 * modal and the /auth page, the guard, the redirects of signed-in users, Settings > Profile with
 * Change Password and Delete Account, against the real server and its PostgreSQL.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

const loginModal = (page: Page) => page.getByRole('dialog', { name: 'Sign in' });
const signupModal = (page: Page) => page.getByRole('dialog', { name: 'Create an account' });
const header = (page: Page) => page.getByRole('banner');
const accountMenu = (page: Page) => header(page).getByRole('button', { name: 'Account menu' });
/** The red box; it comes before any field's error line. */
const errorBox = (scope: Page | Locator) => scope.getByRole('alert').first();
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function sessionUser(page: Page): Promise<{ id: string; first_name: string; last_name: string } | null> {
  return ((await (await page.request.get('/api/auth/session')).json()) as { user: never }).user;
}

/** Holds the next request to `path` back a moment, so its busy text can be seen. */
async function slowDown(page: Page, path: string, ms = 600) {
  await page.route(`**${path}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

async function fillSignIn(scope: Page | Locator, email: string, password: string) {
  await scope.getByLabel('Email').fill(email);
  await scope.getByLabel('Password', { exact: true }).fill(password);
}

test.describe('desktop', { tag: '@desktop' }, () => {
  test.use({ viewport: DESKTOP });

  test('sign up from the modal: validation, show/hide password, busy text, duplicate e-mail, then sign out', async ({
    page,
  }) => {
    await page.goto('/new');
    await header(page).getByRole('button', { name: 'Sign Up' }).click();
    const modal = signupModal(page);
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel('First name')).toBeFocused();

    // Everything is required; the terms too.
    await modal.getByRole('button', { name: 'Create account' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
      'Please accept the Terms of Service and Privacy Policy',
    ]) {
      await expect(modal.getByText(message)).toBeVisible();
    }
    await expect(modal.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(modal.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await modal.getByLabel('Email').fill('not-an-email');
    await modal.getByLabel('Password', { exact: true }).fill('12345');
    await modal.getByRole('button', { name: 'Create account' }).click();
    await expect(modal.getByText('Invalid email format')).toBeVisible();
    await expect(modal.getByText('Password must be at least 6 characters long')).toBeVisible();
    // The shared rules the browser checks itself (issue 13): not only spaces, not the e-mail address.
    await modal.getByLabel('Password', { exact: true }).fill('      ');
    await modal.getByRole('button', { name: 'Create account' }).click();
    await expect(modal.getByText('Password cannot be only spaces')).toBeVisible();
    await modal.getByLabel('Email').fill('grace@example.com');
    await modal.getByLabel('Password', { exact: true }).fill('Grace@Example.com');
    await modal.getByRole('button', { name: 'Create account' }).click();
    await expect(modal.getByText('Password cannot be your e-mail address')).toBeVisible();

    // Show / hide the password.
    const password = modal.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await modal.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await modal.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    // The terms link to the legal pages, in a new tab so the form stays.
    await expect(modal.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    await expect(modal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');

    const email = uniqueEmail('modal');
    await modal.getByLabel('First name').fill('Grace');
    await modal.getByLabel('Last name').fill('Hopper');
    await modal.getByLabel('Email').fill(email);
    await modal.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ }).check();
    // A common password: the server's reason in the red box; nothing is created.
    await password.fill('iloveyou1');
    await modal.getByRole('button', { name: 'Create account' }).click();
    await expect(errorBox(modal)).toHaveText(
      'This password is one of the most common ones and easy to guess. Please choose another',
    );
    await password.fill(PASSWORD);
    await slowDown(page, '/api/auth/signup');
    await modal.getByRole('button', { name: 'Create account' }).click();
    await expect(modal.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/new$/);
    await expect(accountMenu(page)).toHaveText('GH');
    expect(await sessionUser(page)).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' });

    // Sign out from the avatar menu: to the landing page, a guest again.
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await sessionUser(page)).toBeNull();

    // The same address again: the server's message in the red box.
    await header(page).getByRole('button', { name: 'Sign Up' }).click();
    await signupModal(page).getByLabel('First name').fill('Grace');
    await signupModal(page).getByLabel('Last name').fill('Hopper');
    await fillSignIn(signupModal(page), email, PASSWORD);
    await signupModal(page).getByRole('checkbox').check();
    await signupModal(page).getByRole('button', { name: 'Create account' }).click();
    await expect(errorBox(signupModal(page))).toHaveText('An account with this e-mail already exists.');
  });

  test('sign in from /auth: wrong password, toggling clears the error, then signed in and kept away from /auth and /', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    // No shell on /auth.
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await fillSignIn(page, account.email, 'wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(errorBox(page)).toHaveText('Invalid e-mail or password.');

    // Toggling the mode clears the error; the mode is in the address.
    await page.getByRole('button', { name: 'Create one' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);
    await expect(page.getByText('Invalid e-mail or password.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    await fillSignIn(page, account.email, account.password);
    await slowDown(page, '/api/auth/signin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    await expect(page).toHaveURL(/\/new$/);
    await expect(accountMenu(page)).toHaveText('AL');

    // A signed-in user is sent from /auth and / to /new (replace: Back does not return there).
    for (const path of ['/auth', '/auth?mode=signup', '/']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/new$/);
      await expect(accountMenu(page)).toBeVisible();
    }
  });

  test('/auth reads ?mode=signup and explains ?error=oauth_failed and oauth_timeout', async ({ page }) => {
    await page.goto('/auth?mode=signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await expect(page.getByLabel('First name')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /I agree/ })).toBeVisible();

    await page.goto('/auth?error=oauth_failed');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(errorBox(page)).toHaveText(/Google sign-in failed/);
    await page.goto('/auth?error=oauth_timeout');
    await expect(errorBox(page)).toHaveText(/did not finish in time/);
    // Toggling clears it, like any error.
    await page.getByRole('button', { name: 'Create one' }).click();
    await expect(page.getByText(/did not finish in time/)).toHaveCount(0);
  });

  test('Continue as guest closes the modal and goes to /new; the /auth page does the same', async ({ page }) => {
    await page.goto('/privacy-policy');
    await header(page).getByRole('button', { name: 'Sign in' }).click();
    await loginModal(page).getByRole('button', { name: 'Continue as guest' }).click();
    await expect(loginModal(page)).toBeHidden();
    await expect(page).toHaveURL(/\/new$/);

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue as guest' }).click();
    await expect(page).toHaveURL(/\/new$/);
    await expect(header(page).getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('the modal starts empty every time it opens; toggling keeps the e-mail and clears the error', async ({
    page,
  }) => {
    await page.goto('/new');
    await header(page).getByRole('button', { name: 'Sign in' }).click();
    const modal = loginModal(page);
    await expect(modal.getByLabel('Email')).toBeFocused();
    await fillSignIn(modal, uniqueEmail('nobody'), 'whatever1');
    await modal.getByRole('button', { name: 'Sign in' }).click();
    await expect(errorBox(modal)).toHaveText('Invalid e-mail or password.');

    await modal.getByRole('button', { name: 'Create one' }).click();
    await expect(signupModal(page)).toBeVisible();
    await expect(signupModal(page).getByText('Invalid e-mail or password.')).toHaveCount(0);
    await expect(signupModal(page).getByLabel('Email')).not.toHaveValue('');
    await signupModal(page).getByRole('button', { name: 'Log in' }).click();

    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await header(page).getByRole('button', { name: 'Sign in' }).click();
    await expect(modal.getByLabel('Email')).toHaveValue('');
    await expect(modal.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(modal.getByRole('alert')).toHaveCount(0);
  });

  test('guard: a protected page opens the login modal on /new; after sign-in the user lands on that page', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await page.goto('/settings?section=billing');
    await expect(page).toHaveURL(/\/new$/);
    const modal = loginModal(page);
    await expect(modal).toBeVisible();
    await fillSignIn(modal, account.email, account.password);
    await modal.getByRole('button', { name: 'Sign in' }).click();
    await expect(modal).toBeHidden();
    // The page asked for, with its query (issue 14; more in deep-links.spec.ts).
    await expect(page).toHaveURL(/\/settings\?section=billing$/);
    await expect(accountMenu(page)).toHaveText('AL');

    // Signed in, the protected pages open; /profile is Settings.
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  test('settings: tabs follow ?section=, templates, billing, the businesses section and the back button', async ({
    page,
    request,
  }) => {
    await signInPage(page, await createAccount(request));
    // Back returns where the user came from.
    await page.goto('/privacy-policy');
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);

    await page.goto('/settings?section=templates');
    const tabs = page.getByRole('tablist', { name: 'Settings sections' });
    await expect(tabs.getByRole('tab')).toHaveText([
      'Profile Settings',
      'Sessions',
      'Reminders',
      'Invoice Templates',
      'Businesses',
      'Billing',
    ]);
    await expect(tabs.getByRole('tab', { name: 'Invoice Templates' })).toHaveAttribute('aria-selected', 'true');
    const templates = page.getByRole('tabpanel');
    await expect(templates.getByRole('heading', { level: 3 })).toHaveText(['Modern', 'Classic', 'Minimal']);
    await expect(templates.getByText('Selected')).toHaveCount(1);
    await expect(templates.getByRole('listitem').first()).toContainText('Selected');
    // Every template can be chosen (templates.spec.ts follows a choice through to the preview).
    await expect(templates.getByRole('button', { name: 'Use Classic' })).toBeEnabled();
    await expect(templates.getByRole('button', { name: 'Use Minimal' })).toBeEnabled();

    await tabs.getByRole('tab', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/settings\?section=billing$/);
    await expect(page.getByRole('tabpanel').getByText('Free Plan')).toBeVisible();
    await expect(page.getByRole('tabpanel').getByText('No billing history available')).toBeVisible();

    await tabs.getByRole('tab', { name: 'Businesses' }).click();
    await expect(page).toHaveURL(/section=business$/);
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Businesses', exact: true })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'No businesses added yet' })).toBeVisible();

    // Opened directly (as in a new tab: nothing of this site before it), Back has nothing of ours to
    // return to and goes to /new. After an address typed on another of its pages, Back is that page.
    await page.goto('about:blank');
    await page.goto('/settings?section=unknown');
    await expect(tabs.getByRole('tab', { name: 'Profile Settings' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/new$/);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/new$/);
  });

  test('profile: names are saved, the e-mail is read-only, the notifications toggle is remembered locally', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await signInPage(page, account);
    await page.goto('/settings');
    await expect(page.getByRole('tab', { name: 'Profile Settings' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    const first = panel.getByLabel('First name');
    await expect(first).toHaveValue('Ada');
    await expect(panel.getByLabel('Last name')).toHaveValue('Lovelace');
    const email = panel.getByLabel('Email', { exact: true });
    await expect(email).toHaveValue(account.email);
    await expect(email).not.toBeEditable();

    const save = panel.getByRole('button', { name: 'Save Changes' });
    await expect(save).toBeDisabled();
    await first.fill('   ');
    await save.click();
    await expect(panel.getByText('First name is required')).toBeVisible();

    await first.fill('Augusta');
    await panel.getByLabel('Last name').fill('King');
    await save.click();
    await expect(toast(page, 'Profile updated successfully')).toBeVisible();
    await expect(save).toBeDisabled();
    // The header follows at once; the server kept it.
    await expect(accountMenu(page)).toHaveText('AK');
    expect(await sessionUser(page)).toMatchObject({ first_name: 'Augusta', last_name: 'King' });
    await page.reload();
    await expect(page.getByRole('tabpanel').getByLabel('First name')).toHaveValue('Augusta');

    const notifications = page.getByRole('switch', { name: 'Email notifications' });
    await expect(notifications).toBeChecked();
    await notifications.click();
    await expect(notifications).not.toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem('emailNotifications'))).toBe('false');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Email notifications' })).not.toBeChecked();
  });

  test('change password: validation, cancel resets, wrong current password, then the old one fails and the new one works', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await signInPage(page, account);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await expect(dialog.getByText('Please enter your current password')).toBeVisible();
    await dialog.getByLabel('Current password').fill(account.password);
    await dialog.getByLabel('New password', { exact: true }).fill('short');
    await dialog.getByLabel('Confirm new password').fill('short');
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await expect(dialog.getByText('Password must be at least 6 characters long')).toBeVisible();
    await dialog.getByLabel('New password', { exact: true }).fill('a brand new secret');
    await dialog.getByLabel('Confirm new password').fill('a different secret');
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await expect(dialog.getByText('New passwords do not match')).toBeVisible();
    // The account's own address is refused in the browser; a common password by the server, on the field.
    await dialog.getByLabel('New password', { exact: true }).fill(account.email.toUpperCase());
    await dialog.getByLabel('Confirm new password').fill(account.email.toUpperCase());
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await expect(dialog.getByText('Password cannot be your e-mail address')).toBeVisible();
    await dialog.getByLabel('New password', { exact: true }).fill('qwertyuiop');
    await dialog.getByLabel('Confirm new password').fill('qwertyuiop');
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await expect(dialog.getByText('This password is one of the most common ones and easy to guess.')).toBeVisible();
    await expect(dialog.getByLabel('New password', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    // Cancel leaves nothing behind.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByLabel('Current password')).toHaveValue('');
    await expect(dialog.getByLabel('New password', { exact: true })).toHaveValue('');
    await expect(dialog.getByText('New passwords do not match')).toHaveCount(0);

    // The server's sentence for a wrong current password; the dialog stays open.
    const next = 'a brand new secret';
    await dialog.getByLabel('Current password').fill('not my password');
    await dialog.getByLabel('New password', { exact: true }).fill(next);
    await dialog.getByLabel('Confirm new password').fill(next);
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await expect(toast(page, 'Current password is incorrect.')).toBeVisible();
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Current password').fill(account.password);
    await slowDown(page, '/api/users/password');
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await expect(dialog.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    await expect(toast(page, 'Password updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    // This session stays.
    await expect(accountMenu(page)).toBeVisible();

    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/auth');
    await fillSignIn(page, account.email, account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(errorBox(page)).toHaveText('Invalid e-mail or password.');
    await page.getByLabel('Password', { exact: true }).fill(next);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/new$/);
  });

  test('delete account: password required, wrong password refused, then deleted, signed out to / and unable to sign in', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await signInPage(page, account);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(dialog.getByText('Please enter your password to confirm account deletion')).toBeVisible();
    await dialog.getByLabel('Password').fill('typed, then cancelled');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect(dialog.getByLabel('Password')).toHaveValue('');
    await expect(dialog.getByText('Please enter your password to confirm account deletion')).toHaveCount(0);

    await dialog.getByLabel('Password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(toast(page, 'The password is incorrect. Your account was not deleted.')).toBeVisible();
    expect(await sessionUser(page)).toMatchObject({ id: account.id });

    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(toast(page, 'Account deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'A simpler way to invoice' })).toBeVisible();
    await expect(loginModal(page)).toHaveCount(0);
    expect(await sessionUser(page)).toBeNull();

    await page.goto('/auth');
    await fillSignIn(page, account.email, account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(errorBox(page)).toHaveText('Invalid e-mail or password.');
  });

  test('signing out on a protected page goes to / without the login modal', async ({ page, request }) => {
    await signInPage(page, await createAccount(request));
    await page.goto('/settings?section=billing');
    await expect(page.getByText('Free Plan')).toBeVisible();
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'A simpler way to invoice' })).toBeVisible();
    await expect(loginModal(page)).toHaveCount(0);
  });
});

test.describe('phone', { tag: '@mobile' }, () => {
  test.use({ viewport: PHONE });

  test('375 px: sign in from the slide-over menu, Settings fits the screen, sign out from the menu', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await page.goto('/new');
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign in' }).click();
    const modal = loginModal(page);
    await fillSignIn(modal, account.email, account.password);
    await modal.getByRole('button', { name: 'Sign in' }).click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/new$/);

    await header(page).getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByLabel('Email', { exact: true })).toHaveValue(account.email);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await header(page).getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(loginModal(page)).toHaveCount(0);
  });
});

test.describe('accessibility', () => {
  test.beforeEach(async ({ page, isMobile }) => {
    await page.setViewportSize(isMobile ? PHONE : DESKTOP);
  });

  test('/auth in both modes and the auth modal have no serious or critical axe violations', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in' }).click(); // with its error lines showing
    await expect(page.getByText('Email is required')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/auth?mode=signup&error=oauth_failed');
    await expect(page.getByLabel('First name')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/new');
    await header(page).getByRole('button', { name: 'Sign Up' }).click();
    await expect(signupModal(page).getByLabel('First name')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('/settings, its sections and dialogs have no serious or critical axe violations', async ({ page, request }) => {
    await signInPage(page, await createAccount(request));
    for (const section of ['profile', 'templates', 'business', 'billing']) {
      await page.goto(`/settings?section=${section}`);
      await expect(page.getByRole('tabpanel')).toBeVisible();
      expect(await seriousViolations(page), section).toEqual([]);
    }
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page
      .getByRole('dialog', { name: 'Change Password' })
      .getByRole('button', { name: 'Update Password' })
      .click();
    await expect(page.getByText('Please enter your current password')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
