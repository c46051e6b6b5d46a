import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';

/**
 * axe-core audits of the public pages at desktop width and at 375 px (the mobile project):
 * no serious or critical violations of WCAG 2.1 A/AA or axe's best practices.
 */

const PAGES = ['/', '/privacy-policy', '/terms-of-service', '/new'];

test.beforeEach(async ({ page, isMobile }) => {
  await page.setViewportSize(isMobile ? { width: 375, height: 812 } : { width: 1440, height: 900 });
});

for (const path of PAGES) {
  test(`${path} has no serious or critical axe violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the collapsed sidebar and the open menus have no serious or critical axe violations', async ({
  page,
  isMobile,
}) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  } else {
    await page.setViewportSize({ width: 1200, height: 900 });
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);
});
