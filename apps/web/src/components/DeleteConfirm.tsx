import { useQueryClient } from '@tanstack/react-query';
import { attempt } from '../lib/attempt';
import { ConfirmDialog } from './ConfirmDialog';

export interface DeleteAction<T> {
  title: string;
  /** The per-entity question, e.g. "Delete reseller Acme?". */
  message: (row: T) => string;
  warning?: string;
  run: (row: T) => Promise<unknown>;
}

interface DeleteConfirmProps<T> {
  action: DeleteAction<T>;
  /** The row asked about, or null while the dialog is closed. */
  row: T | null;
  busy: boolean;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
  /** The list's queries, refetched after a delete. */
  queryKey: readonly unknown[];
}

/** The data table's delete: asks first; a refusal (shown by the API client) keeps the dialog open to retry or cancel. */
export function DeleteConfirm<T>({ action, row, busy, onBusy, onClose, queryKey }: DeleteConfirmProps<T>) {
  const queryClient = useQueryClient();
  async function confirm() {
    if (row === null) return;
    onBusy(true);
    try {
      await attempt(async () => {
        await action.run(row);
        onClose();
        await queryClient.invalidateQueries({ queryKey });
      });
    } finally {
      onBusy(false);
    }
  }
  return (
    <ConfirmDialog
      opened={row !== null}
      title={action.title}
      message={row !== null ? action.message(row) : ''}
      warning={action.warning}
      loading={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
