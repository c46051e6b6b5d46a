export const PROFILE_TOASTS = {
  profileUpdated: 'Profile updated successfully',
  profileFailed: 'Failed to update profile',
  passwordUpdated: 'Password updated successfully',
  passwordFailed: 'Failed to update password',
  accountDeleted: 'Account deleted successfully',
  accountDeleteFailed: 'Failed to delete account',
} as const;
