import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { timeZone } from '../../../lib/time-zone';
import { exportCsvUrl } from '../../cards/components/import/import-api';

/** Starts a download of `url` (same origin, the session cookie goes with it). */
function download(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

const zone = () => encodeURIComponent(timeZone());

/** The deck page's Export menu: this deck or every deck, as an Anki package or as CSV. */
export function DeckExportMenu({ deckId }: { deckId: string }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="icon" aria-label="Export">
          <Download aria-hidden="true" className="size-4" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel>Export</DropdownMenuLabel>
        <DropdownMenuItem
          onSelect={() =>
            download(`/api/decks/${encodeURIComponent(deckId)}/export/anki?time_zone=${zone()}`)
          }
        >
          This deck as an Anki package (.apkg)
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => download(exportCsvUrl(deckId))}>
          This deck as CSV
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => download(`/api/export/anki?time_zone=${zone()}`)}>
          All decks as an Anki package (.apkg)
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => download(exportCsvUrl())}>
          All decks as CSV
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
