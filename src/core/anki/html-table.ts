/**
 * An HTML table of an Anki field as a Markdown (GFM) table, which the card renderer shows as a
 * table (issue 20 item 4): the first row is the header (Markdown has no table without one), the
 * rows are padded to the widest, a column's alignment is read from the first row (`align` or
 * `text-align`), each cell's HTML becomes one line of Markdown (line breaks as spaces) with its
 * pipes escaped. One pass over the table's tags, linear time.
 */
import { attribute, styleProperty } from './html-text';

interface Cell {
  html: string;
  align: string | null;
}

/** The rows of cells of a table's inner HTML (no nested table), by its `<tr>`, `<td>`, `<th>`. */
function rowsOf(inner: string): Cell[][] {
  const rows: Cell[][] = [];
  let row: Cell[] | null = null;
  let cell: { start: number; align: string | null } | null = null;
  const endCell = (at: number) => {
    if (cell && row) row.push({ html: inner.slice(cell.start, at), align: cell.align });
    cell = null;
  };
  let pos = 0;
  for (;;) {
    const lt = inner.indexOf('<', pos);
    if (lt < 0) break;
    const gt = inner.indexOf('>', lt + 1);
    if (gt < 0) break;
    const tag = inner.slice(lt, gt + 1);
    pos = gt + 1;
    const closing = tag[1] === '/';
    const name = /^<\/?\s*([a-zA-Z0-9]+)/.exec(tag)?.[1]?.toLowerCase() ?? '';
    if (name === 'tr') {
      endCell(lt);
      if (row) rows.push(row);
      row = closing ? null : [];
    } else if (name === 'td' || name === 'th') {
      endCell(lt);
      if (closing) continue;
      row ??= [];
      const align =
        attribute(tag, 'align') ?? styleProperty(attribute(tag, 'style') ?? '', 'text-align');
      cell = { start: pos, align: align?.toLowerCase() ?? null };
    } else if (['thead', 'tbody', 'tfoot', 'table'].includes(name)) {
      endCell(lt);
      if (row) rows.push(row);
      row = null;
    }
  }
  endCell(inner.length);
  if (row) rows.push(row);
  return rows.filter((cells) => cells.length > 0);
}

const RULES: Record<string, string> = { left: ':---', center: ':---:', right: '---:' };

/**
 * The Markdown lines of a table, or null when it has no cell.
 *
 * @param inner The HTML between `<table>` and `</table>` (no nested table).
 * @param cellMarkdown Converts one cell's HTML to Markdown.
 */
export function markdownTable(
  inner: string,
  cellMarkdown: (html: string) => string,
): string[] | null {
  const rows = rowsOf(inner);
  const columns = Math.max(0, ...rows.map((cells) => cells.length));
  if (columns === 0) return null;
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const lines = rows.map((cells) =>
    line(
      Array.from({ length: columns }, (_, index) =>
        cellMarkdown(cells[index]?.html ?? '')
          .replace(/\s*\n\s*/g, ' ')
          .replace(/\|/g, '\\|'),
      ),
    ),
  );
  const rule = line(
    Array.from({ length: columns }, (_, index) => RULES[rows[0]![index]?.align ?? ''] ?? '---'),
  );
  return [lines[0]!, rule, ...lines.slice(1)];
}
