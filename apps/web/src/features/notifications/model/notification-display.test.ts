import { describe, expect, it } from 'vitest';
import { formatNotificationTime, notificationKind, notificationTarget, unreadLine } from './notification-display';

describe('a notification as the page shows it', () => {
  it('leads where the thing it names is', () => {
    expect(notificationTarget({ related_entity_type: 'invoice', related_entity_id: 'i1' })).toBe('/invoices');
    expect(notificationTarget({ related_entity_type: 'client', related_entity_id: 'c1' })).toBe('/clients');
    expect(notificationTarget({ related_entity_type: 'business', related_entity_id: 'b/1' })).toBe('/businesses/b%2F1');
    expect(notificationTarget({ related_entity_type: 'business', related_entity_id: null })).toBe('/businesses');
    expect(notificationTarget({ related_entity_type: 'create', related_entity_id: null })).toBe('/new');
    expect(notificationTarget({ related_entity_type: 'export', related_entity_id: 'e1' })).toBe('/settings');
    expect(notificationTarget({ related_entity_type: null, related_entity_id: null })).toBeNull();
  });

  it('is success, warning, error or info', () => {
    expect(notificationKind({ type: 'success' })).toBe('success');
    expect(notificationKind({ type: 'error' })).toBe('error');
    expect(notificationKind({ type: 'warning' })).toBe('warning');
    expect(notificationKind({ type: 'info' })).toBe('info');
  });

  it('counts the unread and dates in US English', () => {
    expect(unreadLine(1)).toBe('1 unread notification');
    expect(unreadLine(0)).toBe('0 unread notifications');
    expect(formatNotificationTime('2026-11-21T15:04:00')).toBe('November 21, 2026 at 3:04 PM');
    expect(formatNotificationTime('garbage')).toBe('garbage');
  });
});
