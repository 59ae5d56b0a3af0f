import { Globe, Type, Upload } from 'lucide-react';
import type { Strategy } from '../../../core/content';
import { rovingKeyDown } from '../../lib/roving';
import { cn } from '../../lib/utils';

/** The Add Content panel's choices (SPEC §2): input method, card type and strategy. */

export type Mode = 'text' | 'url' | 'file';
export type Choice = 'qa' | 'cloze' | 'both';

export const MODES: { value: Mode; label: string; icon: typeof Type }[] = [
  { value: 'text', label: 'Text', icon: Type },
  { value: 'url', label: 'URL', icon: Globe },
  { value: 'file', label: 'File', icon: Upload },
];
export const CHOICES: { value: Choice; label: string }[] = [
  { value: 'qa', label: 'Q&A Only' },
  { value: 'cloze', label: 'Fill-in-the-Blank Only' },
  { value: 'both', label: 'Both Types' },
];
export const STRATEGIES: { value: Strategy; label: string; hint: string }[] = [
  { value: 'key_concepts', label: 'Key Concepts', hint: '3-8 cards' },
  { value: 'standard', label: 'Standard', hint: '5-15 cards' },
  { value: 'detailed', label: 'Detailed', hint: '10-25+ cards' },
];

export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string; hint?: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      <div role="radiogroup" aria-label={label} className="flex flex-wrap gap-2">
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={value === option.value}
            tabIndex={value === option.value ? 0 : -1}
            onClick={() => onChange(option.value)}
            onKeyDown={(event) =>
              rovingKeyDown(
                event,
                options.map((item) => item.value),
                value,
                onChange,
              )
            }
            className={cn(
              'rounded-lg border px-3 py-2 text-left text-sm transition-colors',
              value === option.value
                ? 'border-primary bg-primary/10 text-foreground'
                : 'border-input text-muted-foreground hover:text-foreground',
            )}
          >
            <span className="font-medium">{option.label}</span>
            {option.hint ? <span className="ml-1.5 text-xs">{option.hint}</span> : null}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

const MODE_TAB_ID = 'add-content-mode';
/** The panel the tabs control: the text box, URL field or file picker. */
export const MODE_PANEL_ID = 'add-content-source';
export const modeTabId = (mode: Mode) => `${MODE_TAB_ID}-${mode}`;

/** The Text / URL / File tabs of the Add Content panel (arrow keys move between them). */
export function ModeTabs({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  return (
    <div role="tablist" aria-label="Input method" className="inline-flex rounded-lg bg-muted p-1">
      {MODES.map((item) => (
        <button
          key={item.value}
          type="button"
          role="tab"
          id={`${MODE_TAB_ID}-${item.value}`}
          aria-selected={mode === item.value}
          aria-controls={MODE_PANEL_ID}
          tabIndex={mode === item.value ? 0 : -1}
          onClick={() => onChange(item.value)}
          onKeyDown={(event) =>
            rovingKeyDown(
              event,
              MODES.map((option) => option.value),
              mode,
              onChange,
            )
          }
          className={cn(
            'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium',
            mode === item.value ? 'bg-card text-foreground shadow-xs' : 'text-muted-foreground',
          )}
        >
          <item.icon aria-hidden="true" className="size-4" />
          {item.label}
        </button>
      ))}
    </div>
  );
}
