import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { timeZone } from '../../../lib/time-zone';

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

/** The deck page's Export menu: the deck as an Anki package, or every deck. */
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
        <DropdownMenuItem onSelect={() => download(`/api/export/anki?time_zone=${zone()}`)}>
          All decks as an Anki package (.apkg)
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
