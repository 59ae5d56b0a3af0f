import { Check, ChevronLeft, ChevronRight, Pencil, Trash2 } from 'lucide-react';
import type { ComponentType } from 'react';
import { cn } from '../../../lib/utils';
import { KeyHint } from '../../study/components/learn/key-hint';

export type ReviewCommand = 'next' | 'previous' | 'keep' | 'edit' | 'delete' | 'undo';

const ACTIONS: {
  command: ReviewCommand;
  label: string;
  hint: string;
  keys: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  tone: string;
}[] = [
  {
    command: 'previous',
    label: 'Previous',
    hint: 'k',
    keys: 'k',
    icon: ChevronLeft,
    tone: 'hover:bg-muted',
  },
  {
    command: 'next',
    label: 'Next',
    hint: 'j',
    keys: 'j',
    icon: ChevronRight,
    tone: 'hover:bg-muted',
  },
  { command: 'edit', label: 'Edit', hint: 'e', keys: 'e', icon: Pencil, tone: 'hover:bg-muted' },
  {
    command: 'delete',
    label: 'Delete',
    hint: 'x',
    keys: 'x',
    icon: Trash2,
    tone: 'text-danger-text hover:border-red-500/50 hover:bg-red-500/10',
  },
  {
    command: 'keep',
    label: 'Keep',
    hint: 'Enter or →',
    keys: 'Enter ArrowRight',
    icon: Check,
    tone: 'col-span-2 border-primary bg-primary text-primary-foreground hover:bg-primary/90 sm:col-span-1',
  },
];

/**
 * The review's buttons, each with its key as a hint (hidden on touch screens). A click does
 * not take the focus, so the keys go on working after one.
 */
export function ReviewActions({
  first,
  deleting,
  onCommand,
}: {
  first: boolean;
  deleting: boolean;
  onCommand: (command: ReviewCommand) => void;
}) {
  return (
    <div
      className={cn(
        // On a phone the buttons stay in reach at the bottom while a long card scrolls.
        'sticky bottom-0 z-10 -mx-4 mt-2 grid grid-cols-2 gap-2 bg-background/95 px-4 py-3 backdrop-blur-sm',
        'sm:static sm:mx-0 sm:mt-4 sm:grid-cols-5 sm:bg-transparent sm:p-0 sm:backdrop-blur-none',
      )}
    >
      {ACTIONS.map(({ command, label, hint, keys, icon: Icon, tone }) => (
        <button
          key={command}
          type="button"
          aria-keyshortcuts={keys}
          disabled={(command === 'previous' && first) || (command === 'delete' && deleting)}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onCommand(command)}
          className={cn(
            'flex cursor-pointer flex-col items-center rounded-xl border border-border px-3 py-2.5 transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            'disabled:pointer-events-none disabled:opacity-50',
            tone,
          )}
        >
          <span className="inline-flex items-center gap-1.5 font-semibold">
            <Icon aria-hidden className="size-4" />
            {command === 'delete' && deleting ? 'Deleting...' : label}
          </span>
          <KeyHint className={command === 'keep' ? 'text-primary-foreground/80' : undefined}>
            {hint}
          </KeyHint>
        </button>
      ))}
    </div>
  );
}
