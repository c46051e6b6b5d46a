import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { linkIn, VERIFY_SUBJECT, waitForMail } from './mail';

export const PASSWORD = 'correct horse battery';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export interface Account {
  email: string;
  password: string;
  id: string;
}

export interface AccountOptions {
  first?: string;
  last?: string;
  /**
   * Verify the address through the real link of the sign-up e-mail (read from the SMTP capture): for tests that send
   * e-mail for the account. Only on the main server, whose e-mail leaves.
   */
  verified?: boolean;
}

/** An account made with the real sign-up call, from a request context of its own (the page stays a guest). */
export async function createAccount(
  request: APIRequestContext,
  first = 'Ada',
  last = 'Lovelace',
  { verified = false }: Pick<AccountOptions, 'verified'> = {},
): Promise<Account> {
  const email = uniqueEmail('acct');
  const response = await request.post('/api/auth/signup', {
    data: { first_name: first, last_name: last, email, password: PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { user } = (await response.json()) as { user: { id: string } };
  // This context's own session is not needed.
  await request.post('/api/auth/signout');
  const account = { email, password: PASSWORD, id: user.id };
  if (verified) await verifyThroughLink(request, account);
  return account;
}

/** Opens the verification link of the account's sign-up e-mail, as its owner would (the call the page makes). */
export async function verifyThroughLink(request: APIRequestContext, account: Account): Promise<void> {
  const mail = await waitForMail(request, account.email, VERIFY_SUBJECT);
  const token = new URL(linkIn(mail, '/verify-email')).searchParams.get('token');
  const response = await request.post('/api/auth/verify-email', { data: { token } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs the page's browser context in through the API (its cookie jar is the page's). */
export async function signInPage(page: Page, account: Account) {
  const response = await page.request.post('/api/auth/signin', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A new account, signed in on the page: what most signed-in tests start from. */
export async function signedInAccount(
  page: Page,
  first = 'Ada',
  last = 'Lovelace',
  options: Pick<AccountOptions, 'verified'> = {},
): Promise<Account> {
  const account = await createAccount(page.context().request, first, last, options);
  await signInPage(page, account);
  return account;
}
