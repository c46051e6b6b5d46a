import { expect, test, type Page } from '@playwright/test';

/**
 * The app shell, landing, legal and 'Coming soon' pages (docs/product/shell.md), as a guest and, through
 * an account made with the real sign-up call, as a signed-in user.
 */

const DESKTOP = { width: 1440, height: 900 };
const NARROW_DESKTOP = { width: 1200, height: 900 };
const PHONE = { width: 375, height: 812 };

/** The auth modal's title says its mode. */
const loginModal = (page: Page) => page.getByRole('dialog', { name: 'Sign in' });
const signupModal = (page: Page) => page.getByRole('dialog', { name: 'Create an account' });
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const bottomBar = (page: Page) => page.getByRole('navigation', { name: 'Bottom navigation' });
const header = (page: Page) => page.getByRole('banner');

/** A fresh account; the session cookie lands in the page's browser context. */
async function signUp(page: Page): Promise<string> {
  const email = `shell-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await page.request.post('/api/auth/signup', {
    data: { first_name: 'Ada', last_name: 'Lovelace', email, password: 'correct horse battery' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return email;
}

async function sidebarWidth(page: Page): Promise<number> {
  return (await sidebar(page).boundingBox())?.width ?? 0;
}

test.describe('desktop', { tag: '@desktop' }, () => {
  test.use({ viewport: DESKTOP });

  test('guest sidebar links open the login modal; Create and the legal links navigate', async ({ page }) => {
    await page.goto('/new');
    await expect(sidebar(page).getByRole('link', { name: 'Create' })).toHaveAttribute('aria-current', 'page');

    for (const name of ['Dashboard', 'Invoices', 'Clients', 'Settings', 'Contact support', 'Get Pro']) {
      await sidebar(page).getByRole('link', { name, exact: true }).click();
      await expect(loginModal(page), name).toBeVisible();
      await expect(page).toHaveURL(/\/new$/);
      await page.keyboard.press('Escape');
      await expect(loginModal(page)).toBeHidden();
    }

    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(sidebar(page).getByRole('link', { name: 'Create' })).not.toHaveAttribute('aria-current');
    await sidebar(page).getByRole('link', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/new$/);
    await expect(loginModal(page)).toBeHidden();
  });

  test('header Sign in and Sign Up open the auth modal in login and signup mode', async ({ page }) => {
    for (const path of ['/', '/new']) {
      await page.goto(path);
      await header(page).getByRole('button', { name: 'Sign in' }).click();
      await expect(loginModal(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await header(page).getByRole('button', { name: 'Sign Up' }).click();
      await expect(signupModal(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(signupModal(page)).toBeHidden();
    }
    await expect(header(page).getByRole('link', { name: 'Invoicer home' })).toHaveAttribute('href', '/');
  });

  test('the sidebar collapses under 1285 px and the toggle overrides it', async ({ page }) => {
    await page.goto('/new');
    const toggle = sidebar(page).getByRole('button', { name: /sidebar/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(() => sidebarWidth(page)).toBe(256);
    await expect(sidebar(page).getByText('Dashboard', { exact: true })).toBeInViewport();

    await page.setViewportSize(NARROW_DESKTOP);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(() => sidebarWidth(page)).toBe(72);
    // Collapsed: icons only, each named by a tooltip on hover (its code loads on collapse, so hover until it has).
    await expect(async () => {
      await page.mouse.move(600, 600);
      await sidebar(page).getByRole('link', { name: 'Invoices' }).hover();
      await expect(page.getByRole('tooltip', { name: 'Invoices' })).toBeVisible({ timeout: 1000 });
    }).toPass();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(() => sidebarWidth(page)).toBe(256);
    await expect(sidebar(page).getByRole('region', { name: 'Invoicer Pro' })).toBeVisible();

    // Crossing the breakpoint hands control back to the automatic rule.
    await page.setViewportSize(DESKTOP);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(() => sidebarWidth(page)).toBe(72);
    await expect(bottomBar(page)).toBeHidden();
  });

  test('a dismissed promo card stays dismissed after a reload', async ({ page }) => {
    await page.goto('/new');
    const guide = sidebar(page).getByRole('region', { name: 'Invoicing guide' });
    const pro = sidebar(page).getByRole('region', { name: 'Invoicer Pro' });
    const guideLink = guide.getByRole('link', { name: /Read the guide/ });
    await expect(guideLink).toHaveAttribute('target', '_blank');
    await expect(guideLink).toHaveAttribute('rel', /noopener/);
    await expect(guideLink).toHaveAttribute('href', /^https:\/\//);
    await expect(pro.getByRole('link', { name: 'Get Pro' })).toHaveAttribute('href', '/settings?section=billing');

    await guide.getByRole('button', { name: 'Dismiss invoicing guide' }).click();
    await expect(guide).toBeHidden();
    await page.reload();
    await expect(pro).toBeVisible();
    await expect(guide).toBeHidden();

    await pro.getByRole('button', { name: 'Dismiss Invoicer Pro' }).click();
    await page.reload();
    await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(pro).toBeHidden();
  });

  test('signed in: notifications link, avatar menu, working links, sign out to the landing page', async ({ page }) => {
    await signUp(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/new$/);
    await expect(header(page).getByRole('button', { name: 'Sign in' })).toHaveCount(0);
    await expect(header(page).getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');

    await sidebar(page).getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/invoices$/);
    await expect(loginModal(page)).toBeHidden();
    await expect(sidebar(page).getByRole('link', { name: 'Invoices' })).toHaveAttribute('aria-current', 'page');

    const accountMenu = header(page).getByRole('button', { name: 'Account menu' });
    await expect(accountMenu).toHaveText('AL');
    await accountMenu.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Profile',
      'Settings',
      'Privacy Policy',
      'Terms of Service',
      'Sign Out',
    ]);
    await menu.getByRole('menuitem', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms-of-service$/);

    await accountMenu.click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'A simpler way to invoice' })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await (await page.request.get('/api/auth/session')).json()).toEqual({ success: true, user: null });
  });

  test('signed in: /{name} shows Coming soon with a mail link and Go Back', async ({ page }) => {
    await signUp(page);
    await page.goto('/new');
    await page.goto('/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Coming soon' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Message us here' })).toHaveAttribute(
      'href',
      'mailto:support@invoicer.app',
    );
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/new$/);
  });

  test('the header stays in place on wide screens while scrolling', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 800));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(700);
    await expect(header(page)).toBeInViewport();
  });
});

test.describe('phone', { tag: '@mobile' }, () => {
  test.use({ viewport: PHONE });

  test('375 px: bottom bar instead of the sidebar; guests can only open Create', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(sidebar(page)).toBeHidden();
    await expect(bottomBar(page).getByRole('link')).toHaveText([
      'Dashboard',
      'Invoices',
      'Clients',
      'Settings',
      'Create',
    ]);

    for (const name of ['Dashboard', 'Invoices', 'Clients', 'Settings']) {
      await bottomBar(page).getByRole('link', { name }).click();
      await expect(loginModal(page), name).toBeVisible();
      await expect(page).toHaveURL(/\/privacy-policy$/);
      await page.keyboard.press('Escape');
      await expect(loginModal(page)).toBeHidden();
    }
    await bottomBar(page).getByRole('link', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/new$/);
    await expect(bottomBar(page).getByRole('link', { name: 'Create' })).toHaveAttribute('aria-current', 'page');
    // Nothing runs off the side of a phone screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test('375 px: the slide-over menu offers sign-in, the legal pages and support', async ({ page }) => {
    await page.goto('/new');
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link')).toHaveText([
      'Privacy Policy',
      'Terms of Service',
      'Support',
      'Read an e-invoice',
    ]);

    await menu.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms-of-service$/);
    await expect(menu).toBeHidden();

    await header(page).getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Support' }).click();
    await expect(menu).toBeHidden();
    await expect(loginModal(page)).toBeVisible();
    await page.keyboard.press('Escape');

    await header(page).getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'Sign Up' }).click();
    await expect(signupModal(page)).toBeVisible();
  });

  test('375 px, signed in: the slide-over menu offers the account pages and signs out', async ({ page }) => {
    await signUp(page);
    await page.goto('/new');
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link')).toHaveText([
      'Profile',
      'Settings',
      'Privacy Policy',
      'Terms of Service',
      'Support',
      'Read an e-invoice',
    ]);
    await expect(menu).toContainText('Ada Lovelace');
    await menu.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'A simpler way to invoice' })).toBeVisible();
  });

  test('375 px: the header hides after scrolling down past 100 px and returns on scrolling up', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const scrollTo = async (y: number) => {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
    };
    await scrollTo(80);
    await expect(header(page)).toBeInViewport();
    await scrollTo(600);
    await expect(header(page)).not.toBeInViewport();
    await scrollTo(450);
    await expect(header(page)).toBeInViewport();
    await scrollTo(900);
    await expect(header(page)).not.toBeInViewport();
    // Keyboard focus inside the header brings it back.
    await header(page).getByRole('link', { name: 'Invoicer home' }).focus();
    await expect(header(page)).toBeInViewport();
  });
});

test('the legal pages show their sections with a table of contents', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page).toHaveTitle('Privacy Policy · Invoicer');
  await expect(page.getByText('Last updated: 21 November 2026')).toBeVisible();
  const privacySections = [
    'Information we collect',
    'How we use information',
    'Security',
    'Sharing',
    'Your rights',
    'Google sign-in',
    'Contact',
    'Changes to this policy',
  ];
  for (const name of privacySections) await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  for (const phrase of [
    'Google user id',
    'profile picture',
    'data portability',
    '48 hours',
    '5 business days',
    '30 days',
  ]) {
    await expect(page.getByRole('main').getByText(phrase).first()).toBeVisible();
  }
  const toc = page.getByRole('navigation', { name: 'On this page' });
  await toc.getByRole('link', { name: 'Google sign-in' }).click();
  await expect(page).toHaveURL(/#google-sign-in$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Google sign-in' })).toBeInViewport();

  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page).toHaveTitle('Terms of Service · Invoicer');
  const termsSections = [
    'The service',
    'Eligibility',
    'Acceptable use',
    'Payment',
    'Intellectual property',
    'Privacy',
    'Availability',
    'Liability',
    'Termination',
    'Governing law',
    'Changes to these terms',
  ];
  for (const name of termsSections) await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  for (const phrase of ['18 years', '99.5%', 'England and Wales', 'free at present']) {
    await expect(page.getByRole('main').getByText(phrase).first()).toBeVisible();
  }
  await expect(page.getByRole('main').getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy-policy',
  );
});

test('a protected page sends a guest to /new with the login modal open', async ({ page }) => {
  for (const path of ['/dashboard', '/settings?section=billing', '/something-new']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/new$/);
    await expect(loginModal(page)).toBeVisible();
  }
});

test('landing: hero, social proof, Create Invoice leads to /new', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'A simpler way to invoice' })).toBeVisible();
  await expect(page.getByText('create, manage and share professional invoices')).toBeVisible();
  await expect(page.getByText('Used by 597+ freelancers worldwide')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Everything an invoice needs' })).toBeVisible();
  // The landing page has its own layout: no sidebar or bottom bar for guests.
  await expect(sidebar(page)).toHaveCount(0);
  await expect(bottomBar(page)).toHaveCount(0);
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Invoicer`);
  await expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms-of-service');
  await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy-policy');

  await expect(page.getByRole('link', { name: 'Create Invoice' })).toHaveCount(1);
  await page.getByRole('link', { name: 'Create Invoice' }).click();
  await expect(page).toHaveURL(/\/new$/);
});

test('the skip link moves keyboard focus to the page content', { tag: '@desktop' }, async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/\/privacy-policy$/);
});
