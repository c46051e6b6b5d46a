import { z } from 'zod';
import { existingPasswordSchema, newPasswordSchema, userSchema } from './auth';
import { TEXT_LIMITS, currencyInputSchema, requiredText, userIdField } from './common';

export const USER_MESSAGES = {
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Current password is incorrect',
  passwordsDoNotMatch: 'New passwords do not match',
  deletePasswordRequired: 'Please enter your password to confirm account deletion',
} as const;

/** PUT /api/users/profile. Email is not editable (spec part 2 §2). */
export const updateProfileBodySchema = z.object({
  user_id: userIdField,
  first_name: requiredText('First name is required', 'First name', TEXT_LIMITS.name),
  last_name: requiredText('Last name is required', 'Last name', TEXT_LIMITS.name),
  default_currency: currencyInputSchema,
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const updateProfileResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  user: userSchema,
});
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

/** PUT /api/users/password */
export const changePasswordBodySchema = z.object({
  user_id: userIdField,
  current_password: existingPasswordSchema(USER_MESSAGES.currentPasswordRequired),
  new_password: newPasswordSchema(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The Change Password modal: the body plus the confirmation the browser checks. */
export const changePasswordFormSchema = z
  .object({
    current_password: existingPasswordSchema(USER_MESSAGES.currentPasswordRequired),
    new_password: newPasswordSchema(),
    confirm_password: z.string({ error: USER_MESSAGES.passwordsDoNotMatch }),
  })
  .refine((form) => form.new_password === form.confirm_password, {
    path: ['confirm_password'],
    error: USER_MESSAGES.passwordsDoNotMatch,
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** DELETE /api/users/delete */
export const deleteAccountBodySchema = z.object({
  user_id: userIdField,
  password: existingPasswordSchema(USER_MESSAGES.deletePasswordRequired),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

// PUT /api/users/password and DELETE /api/users/delete answer okResponseSchema (./common);
// GET /api/users/{id} answers userResponseSchema (./auth).
