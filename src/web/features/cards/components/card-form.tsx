import { type ComponentProps, type FormEvent, type ReactNode, useId, useState } from 'react';
import { CARD_CONTENT_MAX } from '../../../../core/content-limits';
import { Button } from '../../../components/ui/button';
import { DialogClose } from '../../../components/ui/dialog';
import { useFieldTouch } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { normalizeTags } from '../../../../core/tag-text';
import { Spinner } from '../../../components/ui/spinner';
import { rovingKeyDown } from '../../../lib/roving';
import { cn } from '../../../lib/utils';
import type { CardInput, CardType } from '../api/cards';

export const CARD_FORM_MESSAGES = {
  front: 'Front content is required',
  back: 'Back content is required',
} as const;

const TYPE_LABELS: Record<CardType, string> = { qa: 'Q&A', cloze: 'Cloze' };

/**
 * The card editor (create and inline edit): type, front, back, tags. Front and back are required
 * after trimming (SPEC §5); the submit button stays disabled while either is empty.
 */
export function CardForm({
  initial,
  pending,
  submitLabel,
  pendingLabel,
  onSubmit,
  cancel,
  autoFocus = false,
}: {
  initial: CardInput;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (input: CardInput) => void;
  cancel: ReactNode;
  autoFocus?: boolean;
}) {
  const id = useId();
  const [type, setType] = useState<CardType>(initial.card_type);
  const [front, setFront] = useState(initial.front_content);
  const [back, setBack] = useState(initial.back_content);
  const [tags, setTags] = useState((initial.tags ?? []).join(' '));
  const [submitted, setSubmitted] = useState(false);
  const frontTouch = useFieldTouch(submitted);
  const backTouch = useFieldTouch(submitted);
  const frontMissing = front.trim() === '';
  const backMissing = back.trim() === '';
  const canSubmit = !frontMissing && !backMissing && !pending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!canSubmit) return;
    onSubmit({
      card_type: type,
      front_content: front.trim(),
      back_content: back.trim(),
      tags: normalizeTags(tags),
    });
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Card type</legend>
        <div
          role="radiogroup"
          aria-label="Card type"
          className="inline-flex rounded-lg border border-input p-0.5"
        >
          {(['qa', 'cloze'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={type === value}
              tabIndex={type === value ? 0 : -1}
              onClick={() => setType(value)}
              onKeyDown={(event) => rovingKeyDown(event, ['qa', 'cloze'] as const, type, setType)}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
                type === value
                  ? 'bg-primary text-primary-foreground'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {TYPE_LABELS[value]}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="space-y-2">
        <Label htmlFor={`${id}-front`}>Front</Label>
        <Textarea
          id={`${id}-front`}
          value={front}
          maxLength={CARD_CONTENT_MAX}
          rows={3}
          autoFocus={autoFocus}
          placeholder={
            type === 'cloze'
              ? 'The capital of France is {{c1::Paris}}.'
              : 'What is the capital of France?'
          }
          aria-invalid={frontTouch.showError && frontMissing}
          aria-describedby={`${id}-front-help`}
          onBlur={frontTouch.onBlur}
          onChange={(event) => {
            frontTouch.onChange();
            setFront(event.target.value);
          }}
        />
        <p id={`${id}-front-help`} className="text-xs text-muted-foreground">
          {frontTouch.showError && frontMissing ? (
            <span className="text-danger-text">{CARD_FORM_MESSAGES.front}</span>
          ) : type === 'cloze' ? (
            <>
              Hide the answer as <code>{'{{c1::answer}}'}</code> or{' '}
              <code>{'{{c1::answer::hint}}'}</code>; Markdown and <code>$math$</code> work too.
            </>
          ) : (
            <>
              Markdown, <code>`code`</code> and <code>$math$</code> work.
            </>
          )}
        </p>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-back`}>Back</Label>
        <Textarea
          id={`${id}-back`}
          value={back}
          maxLength={CARD_CONTENT_MAX}
          rows={3}
          placeholder={type === 'cloze' ? 'The capital of France is Paris.' : 'Paris'}
          aria-invalid={backTouch.showError && backMissing}
          aria-describedby={`${id}-back-help`}
          onBlur={backTouch.onBlur}
          onChange={(event) => {
            backTouch.onChange();
            setBack(event.target.value);
          }}
        />
        <p id={`${id}-back-help`} className="text-xs text-muted-foreground">
          {backTouch.showError && backMissing ? (
            <span className="text-danger-text">{CARD_FORM_MESSAGES.back}</span>
          ) : type === 'cloze' ? (
            'The full text, without blanks.'
          ) : (
            'The answer.'
          )}
        </p>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-tags`}>Tags</Label>
        <Input
          id={`${id}-tags`}
          value={tags}
          placeholder="biology chapter-3"
          aria-describedby={`${id}-tags-help`}
          onChange={(event) => setTags(event.target.value)}
        />
        <p id={`${id}-tags-help`} className="text-xs text-muted-foreground">
          Optional. Words separated by spaces; use :: for levels (lang::verbs).
        </p>
      </div>
      <div className="flex justify-end gap-2">
        {cancel}
        <Button type="submit" disabled={!canSubmit}>
          {pending ? <Spinner /> : null}
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The card editor in a dialog: focus on the front, and Cancel closes the dialog. */
export function DialogCardForm(
  props: Omit<ComponentProps<typeof CardForm>, 'cancel' | 'autoFocus'>,
) {
  return (
    <CardForm
      {...props}
      autoFocus
      cancel={
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
      }
    />
  );
}
