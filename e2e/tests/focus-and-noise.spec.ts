import { expect, test, type ConsoleMessage, type Locator, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { seedInvoice } from './support/invoices';

/**
 * Focus and noise (issue 14, item 8): a dialog opened from a row's menu gives focus back to that
 * menu's button when Escape closes it (as a dialog opened by a plain button does); toasts never cover
 * the header's bell and avatar, at any width; and a walk through the main pages logs no warning and
 * no error (the router's "No `HydrateFallback` element provided" warning came once per page load).
 */

async function createClient(page: Page, name: string) {
  const response = await page.request.post('/api/clients', { data: { name, email: 'ada@example.com' } });
  expect(response.status()).toBe(201);
}

async function createBusiness(page: Page, name: string) {
  const response = await page.request.post('/api/businesses', { data: { name, email: 'hello@example.com' } });
  expect(response.status()).toBe(201);
}

/** Opens a dialog with `open`, closes it with Escape, and expects focus back on `returnTo`. */
async function escapeReturnsFocus(page: Page, open: () => Promise<void>, dialog: Locator, returnTo: Locator) {
  await open();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(returnTo).toBeFocused();
}

test('Escape gives focus back to what opened the dialog: row menus, delete buttons, edit buttons', async ({ page }) => {
  await signedInAccount(page);
  await createClient(page, 'Ada Lovelace');
  await createBusiness(page, 'Lovelace Labs');
  await seedInvoice(page.request, { data: { invoice_number: 'FOCUS-1' } });

  await page.goto('/clients');
  const menuButton = page.getByRole('button', { name: 'Actions for Ada Lovelace' });
  const fromMenu = (item: string) => async () => {
    await menuButton.click();
    await page.getByRole('menuitem', { name: item }).click();
  };
  await escapeReturnsFocus(page, fromMenu('Delete Client'), page.getByRole('alertdialog'), menuButton);
  await escapeReturnsFocus(
    page,
    fromMenu('Edit Client'),
    page.getByRole('dialog', { name: 'Edit Client' }),
    menuButton,
  );
  // Opened by keyboard too: Enter on the menu button, Enter on the item.
  await escapeReturnsFocus(
    page,
    async () => {
      await menuButton.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'Delete Client' }).focus();
      await page.keyboard.press('Enter');
    },
    page.getByRole('alertdialog'),
    menuButton,
  );
  // Cancel does the same as Escape.
  await fromMenu('Delete Client')();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(menuButton).toBeFocused();

  await page.goto('/invoices');
  const deleteInvoice = page.getByRole('button', { name: 'Delete invoice FOCUS-1' });
  await escapeReturnsFocus(page, () => deleteInvoice.click(), page.getByRole('alertdialog'), deleteInvoice);

  await page.goto('/settings?section=business');
  const deleteBusiness = page.getByRole('button', { name: 'Delete Lovelace Labs' });
  await escapeReturnsFocus(page, () => deleteBusiness.click(), page.getByRole('alertdialog'), deleteBusiness);
  const editBusiness = page.getByRole('button', { name: 'Edit Lovelace Labs' });
  await escapeReturnsFocus(
    page,
    () => editBusiness.click(),
    page.getByRole('dialog', { name: 'Edit Business' }),
    editBusiness,
  );
});

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('toasts', { tag: '@desktop' }, () => {
  test('a toast covers neither the bell nor the avatar, nor anything of the header, at any width', async ({ page }) => {
    await signedInAccount(page);
    const id = await seedInvoice(page.request);
    for (const width of [320, 375, 600, 601, 768, 1024, 1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/invoice/${id}`);
      await page.getByRole('button', { name: 'Copy link' }).click();
      const toast = page.locator('[data-sonner-toast]').first();
      await expect(toast).toBeVisible();
      // Sonner slides it in: measure once it has settled.
      await expect(toast).toHaveAttribute('data-mounted', 'true');
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[data-sonner-toast]')].every((node) => node.getAnimations().length === 0),
      );
      const toastBox = (await toast.boundingBox())!;
      const header = page.getByRole('banner');
      const targets = [
        header,
        header.getByRole('link', { name: /^Notifications/ }),
        ...(width >= 768 ? [header.getByRole('button', { name: 'Account menu' })] : []),
      ];
      for (const target of targets) {
        await expect(target).toBeVisible();
        const box = (await target.boundingBox())!;
        expect(
          overlaps(toastBox, box),
          `${width} px: toast ${JSON.stringify(toastBox)} over ${JSON.stringify(box)}`,
        ).toBe(false);
      }
      // Still fully on screen.
      expect(toastBox.x).toBeGreaterThanOrEqual(0);
      expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(width);
    }
  });
});

test.describe('console', { tag: '@desktop' }, () => {
  test.use({ viewport: { width: 1440, height: 900 } }); // the sidebar open, with its link names shown
  test('a walk through the main pages logs no warning and no error', async ({ page }) => {
    test.slow(); // some twenty full page loads
    const noise: string[] = [];
    const listen = (message: ConsoleMessage) => {
      if (message.type() === 'warning' || message.type() === 'error')
        noise.push(`${message.type()} on ${new URL(page.url()).pathname}: ${message.text()}`);
    };
    page.on('console', listen);
    page.on('pageerror', (error) => noise.push(`page error on ${new URL(page.url()).pathname}: ${error.message}`));

    // As a guest: full page loads, as links from outside would bring.
    for (const path of ['/', '/new', '/auth', '/auth?mode=signup', '/privacy-policy', '/terms-of-service', '/nope/x']) {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
    }
    await page.goto('/invoices'); // a protected page: the guard and the sign-in modal
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();

    await signedInAccount(page);
    const id = await seedInvoice(page.request);
    for (const path of [
      '/dashboard',
      '/invoices',
      '/invoices?status=draft',
      `/invoice/${id}`,
      '/clients',
      '/clients/new',
      '/settings',
      '/settings?section=business',
      '/settings?section=billing',
      '/notifications',
      '/support',
      '/new',
      '/coming-later',
    ]) {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      await page.waitForLoadState('networkidle');
    }
    // And by the app's own links, without reloading.
    await page.goto('/dashboard');
    for (const name of ['Invoices', 'Clients', 'Settings', 'Dashboard']) {
      await page.getByRole('navigation').getByRole('link', { name }).first().click();
      await page.waitForLoadState('networkidle');
    }
    expect(noise).toEqual([]);
  });
});
