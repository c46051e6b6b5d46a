import {
  paymentDeleteResponseSchema,
  paymentListResponseSchema,
  paymentResponseSchema,
  type PaymentBodyInput,
  type PaymentDeleteResponse,
  type PaymentListResponse,
  type PaymentResponse,
} from '@invoicer/domain/api/payments';
import { apiJson } from '../../../lib/api-client';

/** The payment calls of an invoice (docs/product/api.md#payments). The session names the user. */
const paymentsPath = (invoiceId: string) => `/api/invoices/${encodeURIComponent(invoiceId)}/payments`;

/** GET /api/invoices/{id}/payments: newest first, with the invoice's balance. */
export function fetchPayments(invoiceId: string, signal?: AbortSignal): Promise<PaymentListResponse> {
  return apiJson(paymentsPath(invoiceId), { schema: paymentListResponseSchema, ...(signal ? { signal } : {}) });
}

/** POST /api/invoices/{id}/payments: 201 with the payment and the invoice's new balance. */
export function recordPayment(invoiceId: string, body: PaymentBodyInput): Promise<PaymentResponse> {
  return apiJson(paymentsPath(invoiceId), { method: 'POST', body, schema: paymentResponseSchema });
}

/** DELETE /api/invoices/{id}/payments/{paymentId} */
export function deletePayment(invoiceId: string, paymentId: string): Promise<PaymentDeleteResponse> {
  return apiJson(`${paymentsPath(invoiceId)}/${encodeURIComponent(paymentId)}`, {
    method: 'DELETE',
    schema: paymentDeleteResponseSchema,
  });
}
