import type { InvoiceReminders, UserSettings } from '@invoicer/domain/api/reminders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { failureMessage } from '../../../lib/api-client';
import { fetchInvoiceReminders, fetchSettings, saveSettings, setRemindersPaused } from '../api/reminders-api';

export const reminderKeys = {
  settings: ['settings', 'reminders'] as const,
  invoice: (id: string, version: string) => ['invoice-reminders', id, version] as const,
  anyInvoice: ['invoice-reminders'] as const,
};

/** The account's reminder schedule (docs/product/reminders.md#the-schedule). */
export function useReminderSettings() {
  return useQuery({
    queryKey: reminderKeys.settings,
    queryFn: async ({ signal }) => (await fetchSettings(signal)).settings,
  });
}

/** Saves the schedule; every invoice's reminders are read again (their next dates follow it). */
export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: UserSettings) => saveSettings(settings),
    onSuccess: (answer) => {
      queryClient.setQueryData(reminderKeys.settings, answer.settings);
      void queryClient.invalidateQueries({ queryKey: reminderKeys.anyInvoice });
      toast.success(answer.message ?? 'Reminder settings saved');
    },
    onError: (error) => toast.error(failureMessage(error, 'The reminder settings could not be saved.')),
  });
}

/**
 * An invoice's reminders. `version` changes with what they depend on (its status, dates and total, as the page
 * knows them), so a status change on the page reads them again.
 */
export function useInvoiceReminders(id: string, version: string) {
  return useQuery({
    queryKey: reminderKeys.invoice(id, version),
    queryFn: async ({ signal }) => (await fetchInvoiceReminders(id, signal)).reminders,
  });
}

/** "Pause reminders" on or off. */
export function usePauseReminders(id: string, version: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paused: boolean) => setRemindersPaused(id, paused),
    onSuccess: (answer) => {
      queryClient.setQueryData<InvoiceReminders>(reminderKeys.invoice(id, version), answer.reminders);
      toast.success(answer.message ?? (answer.reminders.paused ? 'Reminders paused' : 'Reminders resumed'));
    },
    onError: (error) => toast.error(failureMessage(error, 'Reminders could not be changed.')),
  });
}
