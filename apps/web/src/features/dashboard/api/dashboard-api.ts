import type { CurrencyCode } from '@invoicer/domain/currencies';
import { dashboardSummaryResponseSchema, type DashboardSummary } from '@invoicer/domain/api/dashboard';
import { apiJson, UnexpectedAnswerError } from '../../../lib/api-client';
import { DASHBOARD_MESSAGES } from '../model/messages';

/**
 * GET /api/dashboard/summary?currency=: the figures of one currency. Without a currency the server answers the user's
 * default. Any failed call reads 'Failed to fetch dashboard data'; an answer that is not a successful summary reads
 * 'API returned unsuccessful response' (docs/product/dashboard.md#loading-and-errors).
 */
export async function fetchDashboardSummary(currency: CurrencyCode | undefined): Promise<DashboardSummary> {
  const query = currency ? `?currency=${encodeURIComponent(currency)}` : '';
  try {
    const body = await apiJson(`/api/dashboard/summary${query}`, { schema: dashboardSummaryResponseSchema });
    return body.data;
  } catch (error) {
    const message =
      error instanceof UnexpectedAnswerError ? DASHBOARD_MESSAGES.unsuccessful : DASHBOARD_MESSAGES.fetchFailed;
    throw new Error(message, { cause: error });
  }
}
