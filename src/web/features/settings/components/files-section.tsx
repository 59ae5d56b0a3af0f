import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileText, FolderOpen, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingMessage } from '../../../components/ui/spinner';
import type { StoredFileInfo } from '../../../../core/file-paths';
import { api } from '../../../lib/api-client';
import { formatBytes } from '../../../lib/utils';
import { errorMessage, formatDate } from '../../decks/utils';
import { SettingsSection } from './section';

export const filesQueryKey = ['files'] as const;

/** The documents the user uploaded for generation: download or delete them. */
export function FilesSection() {
  const queryClient = useQueryClient();
  const files = useQuery({
    queryKey: filesQueryKey,
    queryFn: ({ signal }) => api.get<{ files: StoredFileInfo[] }>('/api/files', signal),
  });
  const [removing, setRemoving] = useState<StoredFileInfo | null>(null);
  const remove = useMutation({
    mutationFn: (file: StoredFileInfo) =>
      api.delete(`/api/files?path=${encodeURIComponent(file.path)}`),
    onSuccess: () => {
      toast.success('File Deleted', {
        description: 'The cards made from it stay in their deck.',
      });
      setRemoving(null);
    },
    onError: (error) =>
      toast.error('Delete Failed', { description: errorMessage(error, 'Failed to delete file.') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: filesQueryKey }),
  });

  const list = files.data?.files ?? [];
  const total = list.reduce((sum, file) => sum + file.size, 0);
  return (
    <SettingsSection
      id="files"
      icon={FolderOpen}
      title="Uploaded files"
      description={
        list.length > 0
          ? `${list.length} ${list.length === 1 ? 'file' : 'files'}, ${formatBytes(total)}. Cards made from a file stay when it is deleted.`
          : 'Documents you upload to generate cards are kept here.'
      }
    >
      {files.isPending ? (
        <LoadingMessage message="Loading your files…" />
      ) : files.isError ? (
        <Alert variant="error">{errorMessage(files.error, 'Failed to list files.')}</Alert>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No uploaded files.</p>
      ) : (
        <ul className="divide-y divide-border" aria-label="Uploaded files">
          {list.map((file) => {
            const label = file.title ?? file.name;
            return (
              <li key={file.path} className="flex items-center gap-3 py-2.5 text-sm">
                <FileText aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{label}</p>
                  <p className="text-xs text-muted-foreground">
                    {formatBytes(file.size)} · {formatDate(file.createdAt)}
                    {file.deckId ? (
                      <>
                        {' · '}
                        <Link
                          to={`/deck/${file.deckId}`}
                          className="underline-offset-2 hover:underline"
                        >
                          Open deck
                        </Link>
                      </>
                    ) : null}
                  </p>
                </div>
                <a
                  href={file.publicUrl}
                  download
                  aria-label={`Download ${label}`}
                  className="rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground"
                >
                  <Download aria-hidden="true" className="size-4" />
                </a>
                <button
                  type="button"
                  aria-label={`Delete ${label}`}
                  onClick={() => setRemoving(file)}
                  className="rounded-md p-2 text-muted-foreground hover:bg-danger-bg hover:text-danger-text"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Delete this file?"
        description={`${removing?.title ?? removing?.name ?? 'The file'} will be deleted from storage. The cards made from it stay in their deck.`}
        confirmLabel="Delete File"
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </SettingsSection>
  );
}
