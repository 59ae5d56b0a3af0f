import { type FocusEvent, type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { Input } from './input';
import { Label } from './label';

/**
 * When a field's error may show: once the user changed the field and left it, or tried to
 * submit the form — never on first focus, nor on leaving a field untouched.
 */
export function useFieldTouch(submitted = false) {
  const [changed, setChanged] = useState(false);
  const [left, setLeft] = useState(false);
  return {
    showError: submitted || (changed && left),
    onChange: () => setChanged(true),
    onBlur: () => {
      if (changed) setLeft(true);
    },
  };
}

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  /** Shown under the field (e.g. a hint). */
  hint?: ReactNode;
  /** Extra content at the right of the label row (e.g. a "Forgot?" link). */
  labelAside?: ReactNode;
  /** The field's problem now (e.g. 'Please enter your email address'), or null. */
  error?: string | null;
  /** The user tried to submit the form: the error shows even if the field was not touched. */
  submitted?: boolean;
}

/** A labelled input whose error shows after the user typed and left it, or submitted. */
export function FormField({
  id,
  label,
  hint,
  labelAside,
  error,
  submitted,
  onChange,
  onBlur,
  ...props
}: FormFieldProps) {
  const touch = useFieldTouch(submitted);
  const shown = error && touch.showError ? error : null;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = shown ? `${id}-error` : undefined;
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <Input
        id={id}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        aria-invalid={shown ? true : undefined}
        onChange={(event) => {
          touch.onChange();
          onChange?.(event);
        }}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          touch.onBlur();
          onBlur?.(event);
        }}
        {...props}
      />
      {shown ? (
        <p id={errorId} role="alert" className="text-xs text-danger-text">
          {shown}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
