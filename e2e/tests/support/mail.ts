import { expect, type APIRequestContext } from '@playwright/test';

/**
 * The e-mails the main e2e server sent, as the SMTP capture (e2e/smtp-capture.mjs) received them. Only the main server
 * delivers; the plain one (E2E_PLAIN_URL) has no SMTP_URL.
 */

export interface CapturedMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

function mailUrl(): string {
  const url = process.env.E2E_MAIL_URL;
  if (!url) throw new Error('E2E_MAIL_URL is not set: run the browser tests through playwright.config.ts');
  return url;
}

/** Every message to `address` so far, oldest first. */
export async function mailTo(request: APIRequestContext, address: string): Promise<CapturedMail[]> {
  const response = await request.get(`${mailUrl()}/messages?to=${encodeURIComponent(address)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as CapturedMail[];
}

/** Waits for the `count`th message to `address` whose subject contains `subject`, and answers it. */
export async function waitForMail(
  request: APIRequestContext,
  address: string,
  subject: string,
  count = 1,
): Promise<CapturedMail> {
  let found: CapturedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await mailTo(request, address)).filter((mail) => mail.subject.includes(subject));
        return found.length;
      },
      { timeout: 30_000, message: `${count} e-mail(s) "${subject}" to ${address}` },
    )
    .toBeGreaterThanOrEqual(count);
  return found[count - 1]!;
}

/** The link to `path` (on the app's origin) in a message's text part. */
export function linkIn(mail: CapturedMail, path: string): string {
  const link = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]).find((url) => url.includes(path));
  expect(link, mail.text).toBeDefined();
  return link!;
}

export const VERIFY_SUBJECT = 'Verify your e-mail address for Invoicer';
export const RESET_SUBJECT = 'Reset your Invoicer password';
