import {
  invoiceRemindersResponseSchema,
  userSettingsResponseSchema,
  type UserSettings,
} from '@invoicer/domain/api/reminders';
import { apiJson } from '../../../lib/api-client';

/** GET /api/users/settings: the account's reminder schedule (defaults until saved). */
export function fetchSettings(signal?: AbortSignal) {
  return apiJson('/api/users/settings', { schema: userSettingsResponseSchema, signal });
}

/** PUT /api/users/settings */
export function saveSettings(settings: UserSettings) {
  return apiJson('/api/users/settings', { method: 'PUT', body: settings, schema: userSettingsResponseSchema });
}

/** GET /api/invoices/{id}/reminders: the pause, the next reminder and those sent. */
export function fetchInvoiceReminders(id: string, signal?: AbortSignal) {
  return apiJson(`/api/invoices/${encodeURIComponent(id)}/reminders`, {
    schema: invoiceRemindersResponseSchema,
    signal,
  });
}

/** PUT /api/invoices/{id}/reminders: "Pause reminders" on or off. */
export function setRemindersPaused(id: string, paused: boolean) {
  return apiJson(`/api/invoices/${encodeURIComponent(id)}/reminders`, {
    method: 'PUT',
    body: { paused },
    schema: invoiceRemindersResponseSchema,
  });
}
