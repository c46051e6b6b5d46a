import { expect, test } from '@playwright/test';

test('the landing page renders under the strict Content-Security-Policy', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => ['error', 'warning'].includes(message.type()) && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: 'A simpler way to invoice' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Invoice' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a client route survives a reload (the server answers index.html)', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.locator('#root')).not.toBeEmpty();
});

test('the browser gets a PDF and a page preview from the public endpoints', async ({ page }) => {
  await page.goto('/');
  const result = await page.evaluate(async () => {
    const body = JSON.stringify({
      from: 'Studio Ψ\nΑθήνα',
      to: 'Клиент ООО\nМосква',
      items: [{ name: 'Консультация', quantity: 2, unit_cost: 150.5 }],
      tax_percent: 20,
      show_tax: true,
      currency: 'RUB',
      issued_date: '2026-11-21',
      due_date: '2026-11-28',
    });
    const headers = { 'Content-Type': 'application/json' };
    const pdf = await fetch('/generate-invoice', { method: 'POST', headers, body });
    const pdfBytes = new Uint8Array(await pdf.arrayBuffer());
    const preview = await fetch('/preview-invoice', { method: 'POST', headers, body });
    const bad = await fetch('/generate-invoice', {
      method: 'POST',
      headers,
      body: JSON.stringify({ from: '', to: 'x', items: [] }),
    });
    return {
      pdfStatus: pdf.status,
      pdfType: pdf.headers.get('content-type'),
      disposition: pdf.headers.get('content-disposition'),
      magic: String.fromCharCode(...pdfBytes.slice(0, 5)),
      previewType: preview.headers.get('content-type'),
      pageCount: preview.headers.get('x-page-count'),
      badStatus: bad.status,
      badBody: await bad.json(),
    };
  });
  expect(result).toMatchObject({
    pdfStatus: 200,
    pdfType: 'application/pdf',
    magic: '%PDF-',
    previewType: 'image/png',
    pageCount: '1',
    badStatus: 400,
    badBody: { success: false, error: 'Fill "From" and "To" fields.' },
  });
  expect(result.disposition).toContain(
    "filename*=UTF-8''invoice-%D0%9A%D0%BB%D0%B8%D0%B5%D0%BD%D1%82_%D0%9E%D0%9E%D0%9E.pdf",
  );
});
