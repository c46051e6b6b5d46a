import { SEND_MESSAGES } from '@invoicer/domain/api/sending';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, signedInAccount, uniqueEmail } from './support/accounts';
import { seriousViolations } from './support/axe';
import { seedInvoice } from './support/invoices';
import { waitForMail } from './support/mail';
import { verifyOnPlainServer } from './support/plain-database';

/**
 * Send Invoice (docs/product/sending-invoices.md): the dialog from the invoice page and from the list, its checks,
 * and what a send changes, against the real server. The main server delivers to the SMTP capture
 * (e2e/smtp-capture.mjs), so a sent invoice arrives; the plain server (E2E_PLAIN_URL) has no SMTP_URL, so there the
 * dialog must say before sending that e-mail delivery is not configured, and the message waits in the outbox. An
 * account whose address is not verified cannot send, and the dialog says so before anything is typed
 * (docs/decisions/0052-account-links-verification-and-sessions.md).
 */

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const NOT_CONFIGURED = 'E-mail delivery is not configured on this server (no SMTP_URL).';

async function createClient(page: Page, email: string): Promise<string> {
  const response = await page.request.post('/api/clients', { data: { name: 'Acme Corp Ltd', email } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { client: { id: string } }).client.id;
}

test.describe('from the invoice page', { tag: '@desktop' }, () => {
  test('sends to the client and another address; the e-mail arrives; the status and activity change', async ({
    page,
  }) => {
    const account = await signedInAccount(page, 'Ada', 'Lovelace', { verified: true });
    const clientId = await createClient(page, 'billing@acme.test');
    const id = await seedInvoice(page.request, { client_id: clientId, data: { invoice_number: 'INV-42' } });
    await page.goto(`/invoice/${id}`);
    await expect(page.locator('main').getByText('Draft', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Send Invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send invoice INV-42' });
    await expect(dialog).toBeVisible();
    // Delivery is configured and the address verified: nothing to warn about.
    await expect(dialog.getByRole('note')).toHaveCount(0);
    const recipients = dialog.getByRole('list', { name: 'Recipients' });
    await expect(recipients.getByRole('listitem')).toHaveText(['billing@acme.test']);
    await expect(dialog.getByLabel('Subject')).toHaveValue('Invoice INV-42 from Ada Lovelace Consulting');
    const message = dialog.getByLabel('Message');
    await expect(message).toHaveValue(/Please find attached invoice INV-42 for £104\.28, due on /);
    await expect(message).toHaveValue(/\{link\}/);
    await expect(dialog).toContainText('The PDF inv_42_2026-11-21.pdf is attached.');
    await expect(dialog.getByRole('checkbox', { name: `Send me a copy (${account.email})` })).not.toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);

    // Each address is checked as it is added.
    const to = dialog.getByRole('textbox', { name: 'To' });
    await to.fill('not-an-email');
    await to.press('Enter');
    await expect(dialog.getByText('"not-an-email" is not a valid e-mail address.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog).toBeVisible();
    await expect(to).toBeFocused();
    await dialog.getByRole('button', { name: 'Remove not-an-email' }).click();
    await expect(dialog.getByText('is not a valid e-mail address')).toHaveCount(0);
    await to.pressSequentially('accounts@acme.test,');
    await expect(recipients.getByRole('listitem')).toHaveText(['billing@acme.test', 'accounts@acme.test']);
    await dialog.getByRole('checkbox', { name: /Send me a copy/ }).check();
    await dialog.getByLabel('Subject').fill('Your invoice INV-42');

    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(toast(page, 'Invoice INV-42 is on its way to billing@acme.test, accounts@acme.test.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send Invoice' })).toBeFocused();
    await expect(page.locator('main').getByText('Sent', { exact: true })).toBeVisible();
    const activity = panel(page, 'Activity');
    await expect(activity).toContainText('Sent to billing@acme.test, accounts@acme.test; marked as Sent');
    await expect(activity).toContainText('Link created');
    // The link the e-mail carries is the invoice's public link.
    await expect(panel(page, 'Public link').getByTestId('public-link-url')).toHaveValue(/\/i\/[A-Za-z0-9_-]{24}$/);
    // It arrives, with the copy to the sender.
    const mail = await waitForMail(page.request, 'billing@acme.test', 'Your invoice INV-42');
    expect(mail.to).toEqual(['billing@acme.test', 'accounts@acme.test', account.email.toLowerCase()]);
    const notifications = await page.request.get('/api/notifications');
    expect(JSON.stringify(await notifications.json())).toContain(
      'Invoice INV-42 is on its way to billing@acme.test, accounts@acme.test.',
    );
  });

  test('a refused send keeps the dialog open with the reason; Escape closes it without sending', async ({ page }) => {
    await signedInAccount(page, 'Ada', 'Lovelace', { verified: true });
    const id = await seedInvoice(page.request, { data: { invoice_number: 'INV-43' } });
    await page.goto(`/invoice/${id}`);
    await page.getByRole('button', { name: 'Send Invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send invoice INV-43' });
    // No client, no address in the To block: nothing is filled in, and Send says so.
    await expect(dialog.getByRole('list', { name: 'Recipients' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog.getByText('Add at least one recipient.')).toBeVisible();
    await dialog.getByLabel('Message').fill('   ');
    await dialog.getByRole('textbox', { name: 'To' }).fill('client@example.com');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog.getByText('Message is required.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('main').getByText('Draft', { exact: true })).toBeVisible();
    const activity = await page.request.get(`/api/invoices/${id}/activity`);
    expect(JSON.stringify(await activity.json())).not.toContain('"sent"');
  });
});

test.describe('from the invoice list at 320 px', { tag: '@desktop' }, () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('a row’s Send opens the dialog, which fits the screen, and the row reads Sent', async ({ page }) => {
    await signedInAccount(page, 'Ada', 'Lovelace', { verified: true });
    const clientId = await createClient(page, 'ap@client.test');
    await seedInvoice(page.request, { client_id: clientId, data: { invoice_number: 'INV-44' } });
    await page.goto('/invoices');
    await page.getByRole('button', { name: 'Send invoice INV-44' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send invoice INV-44' });
    await expect(dialog.getByLabel('Subject')).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expect(dialog.getByRole('list', { name: 'Recipients' }).getByRole('listitem')).toHaveText(['ap@client.test']);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(toast(page, 'Invoice INV-44 is on its way to ap@client.test.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send invoice INV-44' })).toBeFocused();
    await expect(page.getByRole('listitem').filter({ hasText: 'INV-44' }).first()).toContainText('Sent');
  });
});

test.describe('before the address is verified', { tag: '@desktop' }, () => {
  test('the dialog says so before anything is typed, and Send stays off', async ({ page }) => {
    await signedInAccount(page);
    const clientId = await createClient(page, 'billing@acme.test');
    const id = await seedInvoice(page.request, { client_id: clientId, data: { invoice_number: 'INV-45' } });
    await page.goto(`/invoice/${id}`);
    await page.getByRole('button', { name: 'Send Invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send invoice INV-45' });
    await expect(dialog.getByRole('note')).toHaveText(SEND_MESSAGES.notVerified);
    await expect(dialog.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
    // The server refuses it too, and nothing changed.
    const refused = await page.request.post(`/api/invoices/${id}/send`, { data: { to: ['billing@acme.test'] } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ success: false, error: SEND_MESSAGES.notVerified });
    await page.keyboard.press('Escape');
    await expect(page.locator('main').getByText('Draft', { exact: true })).toBeVisible();
  });
});

test.describe('on a server without e-mail delivery', { tag: '@desktop' }, () => {
  test('says so before sending, marks the draft sent, and the message waits in the outbox', async ({ page }) => {
    const plain = process.env.E2E_PLAIN_URL!;
    const email = uniqueEmail('plain-send');
    const signup = await page.request.post(`${plain}/api/auth/signup`, {
      data: { first_name: 'Ada', last_name: 'Lovelace', email, password: PASSWORD },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    // No e-mail leaves this server, the verification link's included: the address is verified in its database.
    await verifyOnPlainServer(email);
    const id = await seedInvoice(page.request, {
      origin: plain,
      data: { invoice_number: 'INV-46', to: 'Acme Corp Ltd\nbilling@acme.test' },
    });
    await page.goto(`${plain}/invoice/${id}`);
    await page.getByRole('button', { name: 'Send Invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send invoice INV-46' });
    // Said before anything is sent.
    await expect(dialog.getByRole('note')).toContainText(NOT_CONFIGURED);
    await expect(dialog.getByRole('list', { name: 'Recipients' }).getByRole('listitem')).toHaveText([
      'billing@acme.test',
    ]);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(
      toast(page, 'Invoice INV-46 was marked as sent, but e-mail delivery is not configured on this server'),
    ).toBeVisible();
    await expect(page.locator('main').getByText('Sent', { exact: true })).toBeVisible();
    const notifications = await page.request.get(`${plain}/api/notifications`);
    expect(JSON.stringify(await notifications.json())).toContain(
      'Invoice INV-46 to billing@acme.test is waiting in the outbox',
    );
  });
});
