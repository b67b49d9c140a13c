import type { ComponentProps, ReactNode } from 'react';
import { AlertDialog as A, Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../../lib/utils';
import { buttonClasses } from './button';

const overlay = 'fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-in';
const panel =
  'fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-card p-6 text-card-foreground shadow-xl';

export const Dialog = D.Root;

export function DialogContent({ className, children, ...props }: ComponentProps<typeof D.Content>) {
  return (
    <D.Portal>
      <D.Overlay className={overlay} />
      <D.Content className={cn(panel, className)} {...props}>
        {children}
        <D.Close className="absolute right-4 top-4 rounded-sm opacity-70 hover:opacity-100" aria-label="Close">
          <X className="size-4" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}

export const DialogHeader = ({ className, ...props }: ComponentProps<'div'>) => <div className={cn('flex flex-col gap-1.5', className)} {...props} />;
export const DialogFooter = ({ className, ...props }: ComponentProps<'div'>) => (
  <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
);
export const DialogTitle = ({ className, ...props }: ComponentProps<typeof D.Title>) => <D.Title className={cn('text-lg font-semibold', className)} {...props} />;
export const DialogDescription = ({ className, ...props }: ComponentProps<typeof D.Description>) => (
  <D.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
);
export const DialogClose = D.Close;

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm(): void;
  busy?: boolean;
}

/** The shared confirm dialog: title, description, confirm and cancel labels (defaults Confirm, Cancel), red confirm. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel = 'Confirm', cancelLabel = 'Cancel', onConfirm, busy }: ConfirmDialogProps) {
  return (
    <A.Root open={open} onOpenChange={onOpenChange}>
      <A.Portal>
        <A.Overlay className={overlay} />
        <A.Content className={panel}>
          <div className="flex flex-col gap-1.5">
            <A.Title className="text-lg font-semibold">{title}</A.Title>
            <A.Description className="text-sm text-muted-foreground">{description}</A.Description>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <A.Cancel className={buttonClasses('outline')}>{cancelLabel}</A.Cancel>
            <A.Action
              className={buttonClasses('destructive')}
              disabled={busy}
              onClick={(event) => {
                event.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel}
            </A.Action>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}
