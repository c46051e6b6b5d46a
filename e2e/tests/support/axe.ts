import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe-core at WCAG 2.1 A/AA plus best practices; the serious and critical findings, readable in a failure. */
export async function seriousViolations(page: Page) {
  // Colours are judged as they settle: a button fading in from its disabled look (a CSS transition)
  // measured halfway fails contrast it meets once the transition ends. Spinners (infinite) are left.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
