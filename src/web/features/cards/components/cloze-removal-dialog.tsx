import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { PendingRemoval } from './use-card-actions';

/**
 * The confirm step of an edit that removes cloze numbers: the server's message says which cards
 * (and their review history) would go; 'Remove Cards' sends the edit again, confirmed.
 */
export function ClozeRemovalDialog({
  removal,
  pending,
}: {
  removal: PendingRemoval | null;
  pending: boolean;
}) {
  return (
    <ConfirmDialog
      open={removal !== null}
      onOpenChange={(open) => {
        if (!open) removal?.cancel();
      }}
      title="Remove cloze cards?"
      description={removal?.message ?? ''}
      confirmLabel="Remove Cards"
      pending={pending}
      onConfirm={() => removal?.confirm()}
    />
  );
}
