/** Spec part 2 §8 (Dashboard). */
export const DASHBOARD_MESSAGES = {
  fetchFailed: 'Failed to fetch dashboard data',
  unsuccessful: 'API returned unsuccessful response',
} as const;
