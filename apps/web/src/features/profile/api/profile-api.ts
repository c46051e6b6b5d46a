import { accountEmailSentResponseSchema } from '@invoicer/domain/api/auth';
import { okResponseSchema } from '@invoicer/domain/api/common';
import { updateProfileResponseSchema } from '@invoicer/domain/api/users';
import {
  templateDefaultsResponseSchema,
  type InvoiceDefaults,
  type TemplateName,
} from '@invoicer/domain/invoice-templates';
import { apiJson } from '../../../lib/api-client';

/** PUT /api/users/profile: the answer carries the updated user. */
export function updateProfile(body: { first_name: string; last_name: string }) {
  return apiJson('/api/users/profile', { method: 'PUT', body, schema: updateProfileResponseSchema });
}

/** PUT /api/users/password: keeps this session, ends the account's others. */
export function changePassword(body: { current_password: string; new_password: string }) {
  return apiJson('/api/users/password', { method: 'PUT', body, schema: okResponseSchema });
}

/** DELETE /api/users/delete: a password, or for accounts that sign in with Google, the e-mail typed again. */
export function deleteAccount(body: { password: string } | { confirm_email: string }) {
  return apiJson('/api/users/delete', { method: 'DELETE', body, schema: okResponseSchema });
}

/** POST /api/users/email: a confirmation link to the new address; the address changes when it is opened. */
export function requestEmailChange(body: { new_email: string; password: string }) {
  return apiJson('/api/users/email', { method: 'POST', body, schema: accountEmailSentResponseSchema });
}

/** GET /api/users/invoice-template: the account's PDF template and accent colour (null: each template's own). */
export function fetchTemplateDefaults(signal?: AbortSignal) {
  return apiJson('/api/users/invoice-template', { schema: templateDefaultsResponseSchema, signal });
}

/** PUT /api/users/invoice-template: the template, the colour and "Apply discounts before tax". */
export function saveTemplateDefaults(body: InvoiceDefaults) {
  return apiJson('/api/users/invoice-template', { method: 'PUT', body, schema: templateDefaultsResponseSchema });
}

/** The sample invoice drawn by the PDF engine in a template and colour (cached by the server and the browser). */
export function templatePreviewUrl(template: TemplateName, accentColor: string | null): string {
  const query = accentColor ? `?accent_color=${encodeURIComponent(accentColor)}` : '';
  return `/template-preview/${template}${query}`;
}
