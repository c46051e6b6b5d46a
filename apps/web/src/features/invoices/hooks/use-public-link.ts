import type { PublicLink } from '@invoicer/domain/api/public-links';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { failureMessage } from '../../../lib/api-client';
import { fetchActivity, fetchPublicLink, sharePublicLink, turnOffPublicLink } from '../api/invoices-api';
import { LINK_TOASTS } from '../model/messages';
import { invoiceKeys } from './use-invoices';

/** The invoice's activity log, newest first (docs/product/public-links-and-activity.md#activity). */
export function useActivity(id: string) {
  return useQuery({ queryKey: invoiceKeys.activity(id), queryFn: ({ signal }) => fetchActivity(id, signal) });
}

/** The invoice's public link, or null when none is on. */
export function usePublicLink(id: string) {
  return useQuery({ queryKey: invoiceKeys.publicLink(id), queryFn: ({ signal }) => fetchPublicLink(id, signal) });
}

/** Puts the link on the clipboard; false when the browser refuses (no permission, not a secure page). */
async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Copy link, Replace link and Turn off link (docs/product/public-links-and-activity.md#the-link). Each answer
 * replaces the cached link, and the activity log is read again (each of them records an entry).
 */
export function usePublicLinkActions(id: string) {
  const queryClient = useQueryClient();
  const settle = (link: PublicLink | null) => {
    queryClient.setQueryData(invoiceKeys.publicLink(id), link);
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.activity(id) });
  };
  const announceCopy = async (link: PublicLink, copied: string) => {
    if (await copyToClipboard(link.url)) toast.success(copied);
    else toast.info(LINK_TOASTS.copyBlocked);
  };

  const copy = useMutation({
    mutationFn: () => sharePublicLink(id),
    onSuccess: async (link) => {
      settle(link);
      await announceCopy(link, LINK_TOASTS.copied);
    },
    onError: (error) => toast.error(failureMessage(error, LINK_TOASTS.shareFailed)),
  });
  const replace = useMutation({
    mutationFn: () => sharePublicLink(id, true),
    onSuccess: async (link) => {
      settle(link);
      await announceCopy(link, LINK_TOASTS.replaced);
    },
    onError: (error) => toast.error(failureMessage(error, LINK_TOASTS.replaceFailed)),
  });
  const turnOff = useMutation({
    mutationFn: () => turnOffPublicLink(id),
    onSuccess: () => {
      settle(null);
      toast.success(LINK_TOASTS.turnedOff);
    },
    onError: (error) => toast.error(failureMessage(error, LINK_TOASTS.turnOffFailed)),
  });
  return { copy, replace, turnOff };
}
