import type { InputHTMLAttributes, ReactNode } from 'react';
import { Input } from './input';
import { Label } from './label';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  /** Shown under the field (e.g. a hint). */
  hint?: ReactNode;
  /** Extra content at the right of the label row (e.g. a "Forgot?" link). */
  labelAside?: ReactNode;
}

/** A labelled input. */
export function FormField({ id, label, hint, labelAside, ...props }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <Input id={id} aria-describedby={hintId} {...props} />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
