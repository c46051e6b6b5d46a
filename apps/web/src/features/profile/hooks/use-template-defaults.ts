import type { TemplateDefaults } from '@invoicer/domain/invoice-templates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { failureMessage } from '../../../lib/api-client';
import { fetchTemplateDefaults, saveTemplateDefaults } from '../api/profile-api';

const templateKey = ['settings', 'invoice-template'] as const;

/** The account's template and accent colour (Settings > Invoice Templates). */
export function useTemplateDefaults() {
  return useQuery({
    queryKey: templateKey,
    queryFn: async ({ signal }) => (await fetchTemplateDefaults(signal)).defaults,
  });
}

export function useSaveTemplateDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (defaults: TemplateDefaults) => saveTemplateDefaults(defaults),
    onSuccess: (answer) => {
      queryClient.setQueryData(templateKey, answer.defaults);
      toast.success('Invoice template saved');
    },
    onError: (error) => toast.error(failureMessage(error, 'The invoice template could not be saved.')),
  });
}
