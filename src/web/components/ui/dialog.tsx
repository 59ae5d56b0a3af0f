import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export function DialogContent({
  title,
  description,
  children,
  onCloseAutoFocus,
  wide = false,
}: {
  title: string;
  /** A wider dialog, for tables (the import preview). */
  wide?: boolean;
  description?: ReactNode;
  children: ReactNode;
  /** Where focus goes when the dialog closes (by default, back to what opened it). */
  onCloseAutoFocus?: ComponentProps<typeof RadixDialog.Content>['onCloseAutoFocus'];
}) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
      <RadixDialog.Content
        className={`fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] ${wide ? 'max-w-3xl' : 'max-w-md'} -translate-x-1/2 -translate-y-1/2 max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-2xl`}
        onCloseAutoFocus={onCloseAutoFocus}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="mb-5 space-y-1.5 pr-8">
          <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="text-sm text-muted-foreground">
              {description}
            </RadixDialog.Description>
          ) : null}
        </div>
        {children}
        <RadixDialog.Close
          aria-label="Close"
          className="absolute top-4 right-4 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X aria-hidden="true" className="size-4" />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
