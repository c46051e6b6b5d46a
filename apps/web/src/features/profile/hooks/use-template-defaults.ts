import type { InvoiceDefaults } from '@invoicer/domain/invoice-templates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { failureMessage } from '../../../lib/api-client';
import { fetchTemplateDefaults, saveTemplateDefaults } from '../api/profile-api';

const templateKey = ['settings', 'invoice-template'] as const;

/** The account's template, accent colour, "Apply discounts before tax" and language (Settings > Invoice Templates). */
export function useTemplateDefaults() {
  return useQuery({
    queryKey: templateKey,
    queryFn: async ({ signal }) => (await fetchTemplateDefaults(signal)).defaults,
  });
}

export function useSaveTemplateDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (defaults: InvoiceDefaults) => saveTemplateDefaults(defaults),
    onSuccess: (answer, sent) => {
      const before = queryClient.getQueryData<InvoiceDefaults>(templateKey);
      queryClient.setQueryData(templateKey, answer.defaults);
      toast.success(
        sent.discount_before_tax !== before?.discount_before_tax
          ? 'Discount setting saved'
          : sent.language !== before?.language
            ? 'Default language saved'
            : 'Invoice template saved',
      );
    },
    onError: (error) => toast.error(failureMessage(error, 'The invoice template could not be saved.')),
  });
}
