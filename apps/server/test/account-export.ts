import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestAccount } from './accounts';
import type { TestApp } from './app';
import { as } from './invoice-fixtures';
import { waitFor } from './wait-for';

/** Starts the account's export (POST /api/users/export) and polls its status route until it is ready; answers its id. */
export async function exportReady(t: TestApp, account: TestAccount): Promise<string> {
  const started = await as(t.app, account)({ method: 'POST', url: '/api/users/export' });
  expect(started.statusCode, started.body).toBe(202);
  const id = started.json().id as string;
  await waitFor(async () => {
    const status = await as(t.app, account)({ method: 'GET', url: `/api/users/export/${id}` });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().status).not.toBe('failed');
    return status.json().status === 'ready';
  }, 60_000);
  return id;
}

/** GET /api/users/export/{id}/download, checked for what every download answers. */
export async function downloadExport(t: TestApp, account: TestAccount, id: string): Promise<LightMyRequestResponse> {
  const response = await as(t.app, account)({ method: 'GET', url: `/api/users/export/${id}/download` });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toMatch(
    /^attachment; filename="invoicer-export-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  return response;
}

/** The account's export ZIP, made by the real export job and downloaded through the real route. */
export async function exportedZip(t: TestApp, account: TestAccount): Promise<Buffer> {
  return (await downloadExport(t, account, await exportReady(t, account))).rawPayload;
}
