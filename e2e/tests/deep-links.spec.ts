import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { seedInvoice } from './support/invoices';

/**
 * Deep links survive sign-in (issue 14, item 4; docs/product/routes-and-access.md#after-signing-in):
 * a signed-out visitor who opens a page that needs an account signs in (password, sign-up or Google,
 * which leaves the site and returns through /auth/callback) and lands on the page asked for, with
 * its query; a `next` that points anywhere but a page of this site lands on /new.
 */

const loginModal = (page: Page) => page.getByRole('dialog', { name: 'Sign in' });
const signupModal = (page: Page) => page.getByRole('dialog', { name: 'Create an account' });

/** An account with one invoice, made from a request context of its own: the page stays a guest. */
async function accountWithInvoice(request: APIRequestContext) {
  const email = uniqueEmail('deep');
  const signup = await request.post('/api/auth/signup', {
    data: { first_name: 'Ada', last_name: 'Lovelace', email, password: PASSWORD },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const invoiceId = await seedInvoice(request, { data: { invoice_number: 'DEEP-1' } });
  await request.post('/api/auth/signout');
  return { email, invoiceId };
}

async function signInWith(modalOrPage: ReturnType<Page['getByRole']> | Page, email: string) {
  await modalOrPage.getByLabel('Email').fill(email);
  await modalOrPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await modalOrPage.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('signed out, /invoice/{id} asks to sign in, then lands on that invoice', async ({ page, request }) => {
  const { email, invoiceId } = await accountWithInvoice(request);
  await page.goto(`/invoice/${invoiceId}`);
  await expect(page).toHaveURL(/\/new$/);
  await signInWith(loginModal(page), email);
  await expect(page).toHaveURL(new RegExp(`/invoice/${invoiceId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice DEEP-1' })).toBeVisible();
  await expect(loginModal(page)).toHaveCount(0);
  // The stand-in /new was replaced: Back leaves the invoice for what came before it, not the editor.
  await page.goBack();
  expect(page.url()).not.toMatch(/\/new$/);
});

test.describe('desktop', { tag: '@desktop' }, () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a list with its query survives sign-up; a guarded sidebar link survives sign-in', async ({ page }) => {
    await page.goto('/invoices?status=paid&search=acme');
    await expect(page).toHaveURL(/\/new$/);
    await loginModal(page).getByRole('button', { name: 'Create one' }).click();
    const modal = signupModal(page);
    await modal.getByLabel('First name').fill('Grace');
    await modal.getByLabel('Last name').fill('Hopper');
    await modal.getByLabel('Email').fill(uniqueEmail('deep-signup'));
    await modal.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await modal.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
    await modal.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/invoices\?status=paid&search=acme$/);
    await expect(page.getByRole('searchbox', { name: 'Search invoices' })).toHaveValue('acme');

    // Signed out again, a guest's click on Clients in the sidebar opens the modal; signing in goes on to Clients.
    const email = uniqueEmail('deep-link');
    const signup = await page.request.post('/api/auth/signup', {
      data: { first_name: 'Ada', last_name: 'Lovelace', email, password: PASSWORD },
    });
    expect(signup.status()).toBe(201);
    await page.request.post('/api/auth/signout');
    await page.goto('/new');
    await page.getByRole('navigation').getByRole('link', { name: 'Clients' }).first().click();
    await signInWith(loginModal(page), email);
    await expect(page).toHaveURL(/\/clients$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  });

  test('the modal opened from the header, or closed on the way, lands on /new as before', async ({ page, request }) => {
    const { email } = await accountWithInvoice(request);
    await page.goto('/settings?section=billing');
    await expect(loginModal(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(loginModal(page)).toHaveCount(0);
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await signInWith(loginModal(page), email);
    await expect(page).toHaveURL(/\/new$/);
  });

  test('Google sign-in, which leaves the site, comes back to the page asked for', async ({ page, request }) => {
    const oidcURL = process.env.E2E_OIDC_URL!;
    const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const approve = await request.post(`${oidcURL}/e2e/identity`, {
      data: { sub: `google-${id}`, email: `google-${id}@example.com`, email_verified: true, given_name: 'Grace' },
    });
    expect(approve.status()).toBe(204);
    const seen: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
    });

    await page.goto('/dashboard?tab=x');
    await expect(page).toHaveURL(/\/new$/);
    await loginModal(page).getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=x$/);
    expect(seen).toContain('/auth/callback');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Grace!' })).toBeVisible();
    // Used once: the next Google sign-in without a page to return to lands on /new.
    expect(await page.evaluate(() => sessionStorage.getItem('invoicer.returnAfterSignIn'))).toBeNull();
  });

  test('/auth?next= lands on the page named, and on /new for anything that leaves the site', async ({
    page,
    request,
  }) => {
    const { email, invoiceId } = await accountWithInvoice(request);
    // Signing in on the page, with an attack in next: the default.
    await page.goto(`/auth?next=${encodeURIComponent('//evil.example/steal')}`);
    await signInWith(page, email);
    await expect(page).toHaveURL(/\/new$/);

    // Signed in, /auth moves on at once: each attack lands on /new, a page of the app on that page.
    const attacks = [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      '/%252F%252Fevil.example',
      '/.//evil.example',
      '\t//evil.example',
      '/%0A/evil.example',
      '/auth?next=//evil.example',
    ];
    for (const next of attacks) {
      await page.goto(`/auth?next=${encodeURIComponent(next)}`);
      await expect(page, next).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/new$/);
    }
    await page.goto(`/auth?next=${encodeURIComponent(`/invoice/${invoiceId}`)}`);
    await expect(page).toHaveURL(new RegExp(`/invoice/${invoiceId}$`));
    await page.goto(`/auth?next=${encodeURIComponent('/settings?section=billing')}`);
    await expect(page).toHaveURL(/\/settings\?section=billing$/);
  });
});
