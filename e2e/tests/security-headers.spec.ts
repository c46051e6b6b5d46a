import { expect, test, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';

/**
 * The Content-Security-Policy holds without exceptions (issue 13): zod 4 probed `new Function`
 * as its first object schema was built, which the policy (`script-src 'self'`, no 'unsafe-eval')
 * refuses and the browser reported as a violation on every page. zod's JIT is off before any
 * schema exists (apps/web/src/lib/zod-jitless.ts); this walks pages that build and run schemas,
 * as a guest and signed in, and listens for violations and console errors.
 */

const DESKTOP = { width: 1440, height: 900 };

/** Every CSP violation, console error and console warning of the page, from its first script on. */
async function watch(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return async () => {
    const violations = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
    return [...violations.map((v) => `CSP violation: ${v}`), ...consoleErrors];
  };
}

test.describe('desktop', { tag: '@desktop' }, () => {
  test.use({ viewport: DESKTOP });

  test('no page reports a CSP violation or a console error, as a guest (zod schemas built and run)', async ({
    page,
  }) => {
    const problems = await watch(page);
    for (const path of ['/', '/privacy-policy', '/new', '/auth']) {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      expect(await problems(), path).toEqual([]);
    }
    // The sign-up form validates with the shared zod schemas: they are built and run here.
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Create one' }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    expect(await problems()).toEqual([]);
  });

  test('no page reports a CSP violation or a console error, signed in', async ({ page }) => {
    await signedInAccount(page);
    const problems = await watch(page);
    for (const path of ['/dashboard', '/invoices', '/clients', '/settings', '/support']) {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      await page.waitForLoadState('networkidle');
      expect(await problems(), path).toEqual([]);
    }
    // A form that parses with a zod object schema: the profile's names, saved empty.
    await page.goto('/settings');
    const first = page.getByRole('tabpanel').getByLabel('First name');
    await first.fill('   ');
    await page.getByRole('button', { name: /Save/ }).first().click();
    await expect(page.getByText('First name is required')).toBeVisible();
    expect(await problems()).toEqual([]);
  });
});
