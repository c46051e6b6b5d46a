import type { OkResponse } from '@invoicer/domain/api/common';
import type { UpdateProfileResponse } from '@invoicer/domain/api/users';
import { apiJson } from '../../../lib/api-client';

/** PUT /api/users/profile: the answer carries the updated user. */
export function updateProfile(body: { first_name: string; last_name: string }): Promise<UpdateProfileResponse> {
  return apiJson<UpdateProfileResponse>('/api/users/profile', { method: 'PUT', body });
}

/** PUT /api/users/password: keeps this session, ends the account's others. */
export function changePassword(body: { current_password: string; new_password: string }): Promise<OkResponse> {
  return apiJson<OkResponse>('/api/users/password', { method: 'PUT', body });
}

/** DELETE /api/users/delete: a password, or for accounts that sign in with Google, the e-mail typed again. */
export function deleteAccount(body: { password: string } | { confirm_email: string }): Promise<OkResponse> {
  return apiJson<OkResponse>('/api/users/delete', { method: 'DELETE', body });
}
