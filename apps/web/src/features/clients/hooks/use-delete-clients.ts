import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { bulkDeleteClients, deleteClient } from '../api/clients-api';
import { failureMessage } from '../../../lib/api-client';
import { CLIENT_TOASTS } from '../model/client-form';
import { queryRoots } from '../../../lib/query-keys';

/** One client from its row menu, or the selection through the bulk call. */
export type ClientDeletion = { kind: 'one'; id: string } | { kind: 'selected'; ids: string[] };

/**
 * Delete one client or many (docs/product/clients-and-businesses.md#deleting-clients); the lists refresh either way,
 * since some may have gone.
 */
export function useDeleteClients({ onDeleted }: { onDeleted: (ids: string[]) => void }) {
  return useMutation({
    networkMode: 'always',
    meta: { invalidates: [queryRoots.clients, queryRoots.parties] },
    mutationFn: async (deletion: ClientDeletion) => {
      if (deletion.kind === 'one') {
        await deleteClient(deletion.id);
        return 1;
      }
      return (await bulkDeleteClients(deletion.ids)).deleted_count;
    },
    onSuccess: (count, deletion) => {
      toast.success(deletion.kind === 'one' ? CLIENT_TOASTS.deleted : CLIENT_TOASTS.bulkDeleted(count));
      onDeleted(deletion.kind === 'one' ? [deletion.id] : deletion.ids);
    },
    onError: (error, deletion) => {
      toast.error(
        failureMessage(error, deletion.kind === 'one' ? CLIENT_TOASTS.deleteFailed : CLIENT_TOASTS.bulkDeleteFailed),
      );
    },
  });
}
