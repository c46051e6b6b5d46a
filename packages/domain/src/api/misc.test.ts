import { describe, expect, it } from 'vitest';
import { toErrorEnvelope } from '../validation-error';
import { dashboardQuerySchema } from './dashboard';
import { logoIdFromUrl, logoPath } from './logos';
import { normalizeNotificationType, notificationSchema } from './notifications';
import { SUPPORT_ISSUE_TYPES, supportRequestBodySchema } from './support';

const ID = '3f2b8c1e-9a4d-4e6f-8b1a-2c3d4e5f6a7b';

describe('support requests', () => {
  it('lists the five issue types in the form order', () => {
    expect(SUPPORT_ISSUE_TYPES.map((t) => t.value)).toEqual([
      'missing-invoice',
      'duplicate-invoice',
      'layout-issue',
      'download-error',
      'other',
    ]);
  });

  it('needs an issue type and details, and defaults the name to User', () => {
    expect(supportRequestBodySchema.parse({ issueType: 'other', details: ' Help ', name: '', userId: ID })).toEqual({
      issueType: 'other',
      details: 'Help',
      name: 'User',
      email: '',
      userId: ID,
    });
    const result = supportRequestBodySchema.safeParse({ issueType: '', details: '   ' });
    expect(toErrorEnvelope(result.error!).errors).toEqual([
      'Please select an issue type',
      'Please provide more details about the issue',
    ]);
  });
});

describe('notifications, dashboard and logos', () => {
  it('reads unknown notification types as info', () => {
    expect(['success', 'warning', 'error', 'alert', null].map(normalizeNotificationType)).toEqual([
      'success',
      'warning',
      'error',
      'info',
      'info',
    ]);
    expect(
      notificationSchema.parse({
        id: ID,
        type: 'info',
        title: 'Invoice created',
        message: 'Invoice 0001 was saved',
        is_read: false,
        created_at: new Date('2026-01-01T00:00:00Z'),
        related_entity_type: 'invoice',
        related_entity_id: ID,
      }).created_at,
    ).toBe('2026-01-01T00:00:00.000Z');
  });

  it('reads the dashboard currency in any case', () => {
    expect(dashboardQuerySchema.parse({ currency: 'usd', user_id: ID })).toEqual({ currency: 'USD', user_id: ID });
    expect(dashboardQuerySchema.parse({})).toEqual({ currency: undefined, user_id: undefined });
    expect(dashboardQuerySchema.safeParse({ currency: 'BTC' }).success).toBe(false);
  });

  it('builds and reads logo URLs', () => {
    expect(logoPath(ID.toUpperCase())).toBe(`/api/logos/${ID}`);
    expect(logoIdFromUrl(`http://localhost:3000/api/logos/${ID}`)).toBe(ID);
    expect(logoIdFromUrl('https://evil.example/x.png')).toBeNull();
  });
});
