import { ACCOUNT_MESSAGES } from '@invoicer/domain/api/auth';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, PASSWORD, signedInAccount, signInPage, uniqueEmail } from './support/accounts';
import { seriousViolations } from './support/axe';
import { linkIn, mailTo, RESET_SUBJECT, VERIFY_SUBJECT, waitForMail } from './support/mail';

/**
 * Accounts you can trust (issue 18; docs/product/accounts.md): forgot password end to end, the verification banner,
 * the list of signed-in devices and the change of address, against the real server, which delivers its e-mails to
 * the SMTP capture (e2e/smtp-capture.mjs); the tests open the links those e-mails carry.
 */

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function sessionUser(page: Page): Promise<{ email: string; email_verified: boolean } | null> {
  return ((await (await page.request.get('/api/auth/session')).json()) as { user: never }).user;
}

test.describe('forgot password', () => {
  test('from the sign-in page to a new password through the e-mailed link, which then no longer works', async ({
    page,
    browser,
  }) => {
    const account = await createAccount(page.context().request);
    // Another browser signed in to the account: the new password signs it out.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInPage(otherPage, account);

    await page.goto('/auth');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    // The address typed on the sign-in form came along (not in the address bar).
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const sent = page.getByRole('status').filter({ hasText: `Check the inbox of ${account.email}.` });
    await expect(sent).toBeFocused();
    await expect(sent).toContainText(ACCOUNT_MESSAGES.resetRequested);

    const mail = await waitForMail(page.request, account.email, RESET_SUBJECT);
    const link = linkIn(mail, '/reset-password?token=');
    expect(link.startsWith(new URL(page.url()).origin)).toBe(true);
    await page.goto(link);
    // The token leaves the address bar at once.
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByText(`For ${account.email}.`)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('New password', { exact: true }).fill('brand new stapler');
    await page.getByLabel('Confirm new password').fill('brand new staple');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('New passwords do not match')).toBeVisible();
    // The server's own rules show under the field.
    await page.getByLabel('New password', { exact: true }).fill('password');
    await page.getByLabel('Confirm new password').fill('password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('This password is one of the most common ones')).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toBeFocused();

    await page.getByLabel('New password', { exact: true }).fill('brand new stapler');
    await page.getByLabel('Confirm new password').fill('brand new stapler');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(toast(page, ACCOUNT_MESSAGES.resetDone)).toBeVisible();
    await expect(page).toHaveURL(/\/new$/);
    expect(await sessionUser(page)).toMatchObject({ email: account.email, email_verified: true });
    // Every other session ended.
    expect(await sessionUser(otherPage)).toBeNull();
    await other.close();
    const old = await page.request.post('/api/auth/signin', { data: { email: account.email, password: PASSWORD } });
    expect(old.status()).toBe(401);

    // The link works once: opened again, it says so and offers a new one.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.linkUsed);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check the inbox' })).toBeVisible();
    await waitForMail(page.request, account.email, RESET_SUBJECT, 2);
  });

  test(
    'answers an address without an account just the same, and sends nothing',
    { tag: '@desktop' },
    async ({ page }) => {
      const nobody = uniqueEmail('nobody');
      await page.goto('/reset-password');
      await page.getByLabel('Email').fill(nobody);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.resetRequested })).toBeVisible();
      // Give the job time to do whatever it would do, then nothing has arrived.
      await page.waitForTimeout(1500);
      expect(await mailTo(page.request, nobody)).toEqual([]);
    },
  );

  test('the sign-in dialog’s link closes the dialog and opens the page', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/new');
    await page.getByRole('button', { name: 'Sign in' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('Email').fill('someone@example.com');
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('someone@example.com');
  });
});

test.describe('the verification banner', { tag: '@desktop' }, () => {
  test('reminds until the address is verified; Resend link sends a new one; its link verifies once', async ({
    page,
  }) => {
    const account = await signedInAccount(page);
    await page.goto('/dashboard');
    const banner = page.getByRole('region', { name: 'E-mail verification' });
    await expect(banner).toContainText(`Please verify your e-mail address. We sent a link to ${account.email}`);
    expect(await seriousViolations(page)).toEqual([]);
    await banner.getByRole('button', { name: 'Resend link' }).click();
    await expect(banner.getByRole('status')).toHaveText(ACCOUNT_MESSAGES.verificationSent(account.email));

    const first = await waitForMail(page.request, account.email, VERIFY_SUBJECT, 1);
    const second = await waitForMail(page.request, account.email, VERIFY_SUBJECT, 2);
    await page.goto(linkIn(second, '/verify-email?token='));
    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(page.getByRole('heading', { level: 1, name: 'E-mail address verified' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(ACCOUNT_MESSAGES.verified);
    await expect(page.getByRole('region', { name: 'E-mail verification' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('region', { name: 'E-mail verification' })).toHaveCount(0);

    // The earlier link went with the verification.
    await page.goto(linkIn(first, '/verify-email?token='));
    await expect(page.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.linkUsed);
    await expect(page.getByRole('button', { name: 'Send a new link' })).toHaveCount(0);
  });
});

test.describe('signed-in devices', { tag: '@desktop' }, () => {
  test('lists this browser and another; signing the other out ends its session at its next request', async ({
    page,
    browser,
  }) => {
    const account = await signedInAccount(page);
    const phone = await browser.newContext({ userAgent: SAFARI_IPHONE });
    const phonePage = await phone.newPage();
    await signInPage(phonePage, account);
    await phonePage.goto('/settings');
    await expect(phonePage.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    await page.goto('/settings?section=sessions');
    const list = page.getByRole('list', { name: 'Signed-in devices' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').first()).toContainText('This device');
    await expect(list.getByRole('listitem').first()).toContainText('Active now');
    await expect(list.getByRole('listitem').nth(1)).toContainText('Safari on iPhone');
    await expect(list.getByRole('listitem').nth(1)).toContainText('Active within the last hour');
    expect(await seriousViolations(page)).toEqual([]);

    await list.getByRole('button', { name: /^Sign out Safari on iPhone/ }).click();
    await expect(toast(page, 'The session was signed out.')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Signed-in devices' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();

    // The phone's next request is signed out: a reload of a signed-in page asks it to sign in.
    const probe = await phonePage.request.get('/api/users/sessions');
    expect(probe.status()).toBe(401);
    await phonePage.reload();
    await expect(phonePage.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
    await phone.close();
  });

  test('signs out all other sessions, and this one', async ({ page, browser }) => {
    const account = await signedInAccount(page);
    const others = [await browser.newContext(), await browser.newContext()];
    for (const context of others) await signInPage(await context.newPage(), account);
    await page.goto('/settings?section=sessions');
    const list = page.getByRole('list', { name: 'Signed-in devices' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(toast(page, 'Signed out of 2 other sessions.')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    for (const context of others) {
      expect((await context.request.get('/api/auth/session').then((r) => r.json())).user).toBeNull();
      await context.close();
    }
    await list.getByRole('button', { name: /^Sign out / }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await sessionUser(page)).toBeNull();
  });
});

test.describe('changing the e-mail address', { tag: '@desktop' }, () => {
  test('needs the password; the link sent to the new address changes it; the old address is told', async ({ page }) => {
    const account = await signedInAccount(page, 'Ada', 'Lovelace', { verified: true });
    const next = uniqueEmail('moved');
    await page.goto('/settings');
    const change = page.getByRole('button', { name: 'Change e-mail' });
    await change.click();
    const dialog = page.getByRole('dialog', { name: 'Change e-mail address' });
    await dialog.getByLabel('New e-mail address').fill(next);
    await dialog.getByLabel('Current password').fill('not my password');
    await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(dialog.getByText('Current password is incorrect.')).toBeVisible();
    await expect(dialog.getByLabel('Current password')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(change).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: `We sent a confirmation link to ${next}.` })).toBeVisible();
    // Nothing changed yet.
    expect(await sessionUser(page)).toMatchObject({ email: account.email });

    const mail = await waitForMail(page.request, next, 'Confirm your new e-mail address for Invoicer');
    await page.goto(linkIn(mail, '/verify-email?token='));
    await expect(page.getByRole('heading', { level: 1, name: 'E-mail address changed' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(`Your e-mail address is now ${next}.`);
    await page.goto('/settings');
    await expect(page.getByRole('tabpanel').getByLabel('Email', { exact: true })).toHaveValue(next);
    const notice = await waitForMail(page.request, account.email, 'Your Invoicer e-mail address was changed');
    expect(notice.text).toContain(`changed from ${account.email} to ${next}`);
  });
});
