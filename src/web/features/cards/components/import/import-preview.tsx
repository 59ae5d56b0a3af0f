import { separatorName } from '../../../../../core/import/text-import';
import { Label } from '../../../../components/ui/label';
import type { ColumnMapping, TextImportPreview } from './import-api';

const ROLES = [
  { key: 'front', label: 'Front', required: true },
  { key: 'back', label: 'Back', required: false },
  { key: 'type', label: 'Type', required: false },
  { key: 'tags', label: 'Tags', required: false },
] as const;

/** 'CSV' for comma-separated text, 'TSV' for tabs; a two-column tab text is Quizlet's export. */
const formatName = ({ format, separator }: TextImportPreview) =>
  format === 'anki'
    ? 'Anki text file'
    : format === 'quizlet'
      ? 'Quizlet export'
      : separator === ','
        ? 'CSV'
        : separator === '\t'
          ? 'TSV'
          : 'Delimited text';

const columnName = (preview: TextImportPreview, index: number) =>
  preview.columns[index] ? `${index + 1}: ${preview.columns[index]}` : `Column ${index + 1}`;

/** What the text holds: its format, a select per role, and the first rows as a table. */
export function ImportPreview({
  preview,
  mapping,
  onMappingChange,
}: {
  preview: TextImportPreview;
  mapping: ColumnMapping;
  onMappingChange: (mapping: ColumnMapping) => void;
}) {
  const columns = Array.from({ length: preview.column_count }, (_, index) => index);
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        {formatName(preview)} · separator: {separatorName(preview.separator)} ·{' '}
        {preview.column_count} {preview.column_count === 1 ? 'column' : 'columns'} ·{' '}
        {preview.total_rows.toLocaleString('en-US')} {preview.total_rows === 1 ? 'row' : 'rows'}
        {preview.html ? ' · HTML' : ''}
      </p>
      {preview.deck || preview.tags.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          {preview.deck
            ? `The file names the deck “${preview.deck}”; the cards go to this deck. `
            : ''}
          {preview.tags.length > 0 ? `Every card gets the tags: ${preview.tags.join(' ')}.` : ''}
        </p>
      ) : null}
      <div className="flex items-center gap-2 text-sm">
        <Label htmlFor="import-separator">Separator</Label>
        <select
          id="import-separator"
          className="h-9 rounded-lg border border-input bg-background px-2 text-sm"
          value={preview.separator}
          onChange={(event) =>
            onMappingChange({
              ...mapping,
              separator: event.target.value as NonNullable<ColumnMapping['separator']>,
            })
          }
        >
          {['\t', ',', ';', '|', ' ', ':'].map((separator) => (
            <option key={separator} value={separator}>
              {separatorName(separator)}
            </option>
          ))}
        </select>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {ROLES.map((role) => (
          <div key={role.key} className="space-y-1">
            <Label htmlFor={`import-${role.key}`}>{role.label}</Label>
            <select
              id={`import-${role.key}`}
              className="h-9 w-full rounded-lg border border-input bg-background px-2 text-sm"
              value={mapping[role.key] ?? ''}
              onChange={(event) =>
                onMappingChange({
                  ...mapping,
                  [role.key]: event.target.value === '' ? null : Number(event.target.value),
                })
              }
            >
              {role.required ? null : <option value="">Nothing</option>}
              {columns.map((index) => (
                <option key={index} value={index + 1}>
                  {columnName(preview, index)}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {preview.comment_lines > 0 || mapping.hash_lines === 'cards' ? (
        // Lines starting with # are comments in Anki's text format; a Quizlet term may start
        // with one too, so they are counted and can be taken as cards (issue 20).
        <div className="space-y-1 rounded-lg border border-border bg-muted/40 px-3 py-2 text-sm">
          {preview.comment_lines > 0 ? (
            <p data-testid="comment-lines">
              {preview.comment_lines.toLocaleString('en-US')}{' '}
              {preview.comment_lines === 1 ? 'line starts' : 'lines start'} with # and{' '}
              {preview.comment_lines === 1 ? 'was' : 'were'} taken as{' '}
              {preview.comment_lines === 1 ? 'a comment' : 'comments'}.
            </p>
          ) : null}
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="size-4 accent-[var(--color-primary)]"
              checked={mapping.hash_lines === 'cards'}
              onChange={(event) =>
                onMappingChange({
                  ...mapping,
                  hash_lines: event.target.checked ? 'cards' : 'comments',
                })
              }
            />
            Import lines starting with # as cards
          </label>
        </div>
      ) : null}
      <div className="max-h-64 overflow-auto rounded-lg border border-border">
        <table className="w-full text-left text-sm" aria-label="Preview of the first rows">
          <thead className="sticky top-0 bg-muted">
            <tr>
              <th className="px-2 py-1.5 font-medium text-muted-foreground">Line</th>
              {columns.map((index) => (
                <th key={index} className="px-2 py-1.5 font-medium">
                  {columnName(preview, index)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.line} className="border-t border-border align-top">
                <td className="px-2 py-1.5 text-muted-foreground">{row.line}</td>
                {row.fields.map((field, index) => (
                  <td key={index} className="max-w-56 truncate px-2 py-1.5" title={field}>
                    {field}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
