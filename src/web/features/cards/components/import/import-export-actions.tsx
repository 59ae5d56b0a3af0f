import { Upload } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { DeckExportMenu } from '../../../decks/components/deck-export-menu';
import { ImportDialog } from './import-dialog';

/** The deck page's 'Import' (opens the import dialog) and 'Export' (a menu of downloads). */
export function ImportExportActions({ deckId }: { deckId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" className="size-4" />
        Import
      </Button>
      <DeckExportMenu deckId={deckId} />
      <ImportDialog deckId={deckId} open={open} onOpenChange={setOpen} />
    </>
  );
}
