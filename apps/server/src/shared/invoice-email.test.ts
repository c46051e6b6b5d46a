import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markVerified, signUp, type TestAccount } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { as, createInvoice } from '../../test/invoice-fixtures';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-test-server';
import { waitFor } from '../../test/wait-for';
import { invoices } from '../db/schema';
import { escapeHtml, queueInvoiceEmail, type InvoiceEmailRequest } from './invoice-email';

/**
 * The shared e-mail of an invoice (docs/decisions/0049-sending-invoices-by-e-mail.md), as the Send dialog and the
 * reminders queue it: through a real SMTP server, with the PDF rendered by the real engine at delivery.
 */
describe('queueInvoiceEmail', () => {
  let smtp: TestSmtpServer, t: TestApp, ada: TestAccount;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'invoices@invoicer.test' });
    ada = await signUp(t.app);
    // Verification is not what these tests are about (features/sending tests the gate).
    await markVerified(t.pool, ada);
  });
  afterAll(async () => {
    await smtp.close();
  });

  async function queue(invoiceId: string, request: Partial<InvoiceEmailRequest> = {}) {
    return t.app.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, ada.id)))
        .for('update');
      expect(locked).toBeDefined();
      return queueInvoiceEmail(t.app, tx, {
        invoiceId,
        userId: ada.id,
        to: ['client@example.com'],
        ccMe: false,
        kind: 'invoice',
        ...request,
      });
    });
  }

  it('delivers text, HTML, the link and the PDF as the download names it, Reply-To the user', async () => {
    const invoiceId = await createInvoice(t.app, ada, { invoice_number: 'INV-7', due_date: '2026-12-05' });
    const queued = await queue(invoiceId, { to: ['client@example.com', 'accounts@example.com'], ccMe: true });
    expect(queued.subject).toBe('Invoice INV-7 from Ada Lovelace Consulting');
    expect(queued.attachmentName).toBe('inv_7_2026-11-21.pdf');
    expect(queued.url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/i\/[A-Za-z0-9_-]{24}$/);
    expect(queued.linkCreated).toBe(true);

    await waitFor(() => smtp.received.some((mail) => mail.headers.get('subject') === queued.subject), 60_000);
    const mail = smtp.received.find((received) => received.headers.get('subject') === queued.subject)!;
    expect(mail.mailFrom).toBe('invoices@invoicer.test');
    expect(mail.rcptTo.sort()).toEqual(['accounts@example.com', 'client@example.com', ada.email].sort());
    expect(mail.headers.get('from')).toBe('Ada Lovelace Consulting via Invoicer <invoices@invoicer.test>');
    expect(mail.headers.get('to')).toBe('client@example.com, accounts@example.com');
    expect(mail.headers.get('cc')).toBe(ada.email);
    expect(mail.headers.get('reply-to')).toBe(ada.email);

    const text = mail.parts.find((part) => part.type === 'text/plain')!;
    expect(text.text).toContain('Hello Acme Corp Ltd,');
    expect(text.text).toContain('Please find attached invoice INV-7 for €');
    expect(text.text).toContain('due on December 5, 2026');
    expect(text.text).toContain(`online: ${queued.url}`);
    const html = mail.parts.find((part) => part.type === 'text/html')!;
    expect(html.text).toContain(`<a href="${queued.url}"`);
    expect(html.text).toContain('View invoice INV-7');
    expect(html.text).not.toMatch(/<img|src=/i);
    const pdf = mail.parts.find((part) => part.type === 'application/pdf')!;
    expect(pdf.fileName).toBe('inv_7_2026-11-21.pdf');
    expect(pdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The link opens the invoice for anyone.
    const token = queued.url.split('/i/')[1]!;
    const page = await t.app.inject({ method: 'GET', url: `/api/public/invoices/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().invoice.invoice_number).toBe('INV-7');

    // The SMTP server has the message before the delivery job's transaction commits the row as sent.
    const outboxRow = async () =>
      (await t.pool.query(`select status, kind, attach_invoice_id from outbox where id = $1`, [queued.outboxId]))
        .rows[0];
    await waitFor(async () => (await outboxRow())?.status !== 'pending', 30_000);
    expect(await outboxRow()).toEqual({ status: 'sent', kind: 'invoice', attach_invoice_id: invoiceId });
  });

  it('puts the same link in every e-mail of an invoice, and escapes what the user wrote in the HTML part', async () => {
    const invoiceId = await createInvoice(t.app, ada, { invoice_number: 'INV-8' });
    const shared = await as(t.app, ada)({ method: 'POST', url: `/api/invoices/${invoiceId}/share` });
    const { token } = shared.json();
    const message = 'Hi <b>you</b> & "friends",\n\nPay here: {link}\nThanks';
    const queued = await queue(invoiceId, { subject: 'Your <invoice>', message, kind: 'reminder' });
    expect(queued.token).toBe(token);
    expect(queued.linkCreated).toBe(false);
    expect(queued.text).toBe(`Hi <b>you</b> & "friends",\n\nPay here: ${queued.url}\nThanks`);
    expect(queued.html).toContain(`Hi ${escapeHtml('<b>you</b> & "friends",')}`);
    expect(queued.html).toContain(`Pay here: <a href="${queued.url}"`);
    expect(queued.html).not.toContain('<b>you</b>');
    expect(queued.html).toContain('<title>Your &lt;invoice&gt;</title>');
    await waitFor(() => smtp.received.some((mail) => mail.headers.get('subject') === 'Your <invoice>'), 60_000);
  });

  it('adds the link under a message that has no place for it', async () => {
    const invoiceId = await createInvoice(t.app, ada, { invoice_number: 'INV-9' });
    const queued = await queue(invoiceId, { message: 'Thanks!' });
    expect(queued.text).toBe(`Thanks!\n\nView the invoice online: ${queued.url}`);
    expect(queued.html).toContain('<html lang="en">');
  });

  it('writes the default texts in the invoice’s language, as its PDF prints amounts and dates (ADR 75)', async () => {
    const invoiceId = await createInvoice(t.app, ada, {
      invoice_number: 'INV-DE',
      due_date: '2026-12-05',
      language: 'de',
    });
    const queued = await queue(invoiceId);
    expect(queued.subject).toBe('Rechnung INV-DE von Ada Lovelace Consulting');
    expect(queued.text).toMatch(
      /^Guten Tag Acme Corp Ltd,\n\nanbei erhalten Sie die Rechnung INV-DE über [\d.,]+\u00a0€, fällig am 5\. Dezember 2026\.\n/,
    );
    expect(queued.text).toContain(`online ansehen und herunterladen: ${queued.url}`);
    expect(queued.text).toMatch(/Vielen Dank für Ihren Auftrag\.\nAda Lovelace Consulting$/);
    expect(queued.html).toContain('<html lang="de">');
    expect(queued.html).toContain('Rechnung INV-DE ansehen');
    expect(queued.html).toContain('Die Rechnung ist als PDF angehängt (inv_de_2026-11-21.pdf)');
    expect(queued.html).not.toMatch(/View invoice|attached as a PDF/);

    // A reminder, and the line added under a message without the link.
    const reminder = await queue(invoiceId, { kind: 'reminder' });
    expect(reminder.subject).toBe('Zahlungserinnerung: Rechnung INV-DE von Ada Lovelace Consulting');
    expect(reminder.text).toContain('am 5. Dezember 2026 fällig');
    expect(reminder.text).toContain('Falls Sie bereits bezahlt haben');
    expect((await queue(invoiceId, { message: 'Danke!' })).text).toBe(
      `Danke!\n\nRechnung online ansehen: ${reminder.url}`,
    );
  });
});
