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

/**
 * The package of today's Anki (2.1.50 and later), or with `legacy` the older generation Anki
 * writes when asked to 'Support older Anki versions'.
 */
const ankiUrl = (base: string, legacy = false) =>
  `${base}/export/anki?time_zone=${zone()}${legacy ? '&format=legacy' : ''}`;

/**
 * The deck page's Export menu: this deck or every deck, as an Anki package (current, or for
 * Anki 2.1.49 and older) or as CSV.
 */
export function DeckExportMenu({ deckId }: { deckId: string }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="icon" aria-label="Export">
          <Download aria-hidden="true" className="size-4" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-80">
        <DropdownMenuLabel>Export</DropdownMenuLabel>
        <DropdownMenuItem
          onSelect={() => download(ankiUrl(`/api/decks/${encodeURIComponent(deckId)}`))}
        >
          This deck as an Anki package (.apkg)
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => download(ankiUrl(`/api/decks/${encodeURIComponent(deckId)}`, true))}
        >
          This deck for Anki 2.1.49 and older (.apkg)
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => download(exportCsvUrl(deckId))}>
          This deck as CSV
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => download(ankiUrl('/api'))}>
          All decks as an Anki package (.apkg)
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => download(ankiUrl('/api', true))}>
          All decks for Anki 2.1.49 and older (.apkg)
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => download(exportCsvUrl())}>
          All decks as CSV
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
