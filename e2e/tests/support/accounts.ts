import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'correct horse battery';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export interface Account {
  email: string;
  password: string;
  id: string;
}

/** An account made with the real sign-up call, from a request context of its own (the page stays a guest). */
export async function createAccount(request: APIRequestContext, first = 'Ada', last = 'Lovelace'): Promise<Account> {
  const email = uniqueEmail('acct');
  const response = await request.post('/api/auth/signup', {
    data: { first_name: first, last_name: last, email, password: PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { user } = (await response.json()) as { user: { id: string } };
  // This context's own session is not needed.
  await request.post('/api/auth/signout');
  return { email, password: PASSWORD, id: user.id };
}

/** Signs the page's browser context in through the API (its cookie jar is the page's). */
export async function signInPage(page: Page, account: Account) {
  const response = await page.request.post('/api/auth/signin', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A new account, signed in on the page: what most signed-in tests start from. */
export async function signedInAccount(page: Page, first = 'Ada', last = 'Lovelace'): Promise<Account> {
  const account = await createAccount(page.context().request, first, last);
  await signInPage(page, account);
  return account;
}
