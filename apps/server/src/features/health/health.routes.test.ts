import { describe, expect, it } from 'vitest';
import { sharedTestApp } from '../../../test/app';

describe('GET /api/health', () => {
  it('reports the database as reachable, with security headers', async () => {
    const { app } = await sharedTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, status: 'ok', database: 'ok' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers unknown API paths with the JSON envelope', async () => {
    const { app } = await sharedTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().success).toBe(false);
  });
});
