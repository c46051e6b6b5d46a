/** The dashboard's messages (docs/product/messages-and-limits.md#dashboard-messages). */
export const DASHBOARD_MESSAGES = {
  fetchFailed: 'Failed to fetch dashboard data',
  unsuccessful: 'API returned unsuccessful response',
} as const;
