import { Download, Upload } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { exportCsvUrl } from './import-api';
import { ImportDialog } from './import-dialog';

/** The deck page's 'Import' (opens the import dialog) and 'Export CSV' (a download) actions. */
export function ImportExportActions({ deckId }: { deckId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" className="size-4" />
        Import
      </Button>
      <Button asChild variant="outline">
        <a href={exportCsvUrl(deckId)} download>
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
      </Button>
      <ImportDialog deckId={deckId} open={open} onOpenChange={setOpen} />
    </>
  );
}
