import { existingPasswordSchema } from '@invoicer/domain/api/auth';
import { TEXT_LIMITS } from '@invoicer/domain/api/common';
import { updateProfileBodySchema, USER_MESSAGES } from '@invoicer/domain/api/users';
import { z } from 'zod';

/** The name fields of PUT /api/users/profile, with the server's own rules. */
export const profileFormSchema = updateProfileBodySchema.pick({ first_name: true, last_name: true });
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

/** Delete Account for an account with a password (docs/product/settings.md#delete-account). */
export const deleteWithPasswordSchema = z.object({
  password: existingPasswordSchema(USER_MESSAGES.deletePasswordRequired),
});

/** Delete Account for an account that signs in with Google: the e-mail typed again, as the server checks it. */
export const deleteWithEmailSchema = z.object({
  confirm_email: z
    .string()
    .trim()
    .min(1, { error: USER_MESSAGES.deleteEmailRequired })
    .max(TEXT_LIMITS.email, { error: `Email is too long (at most ${TEXT_LIMITS.email} characters).` }),
});
