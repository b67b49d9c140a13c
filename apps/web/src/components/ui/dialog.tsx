import { useEffect, useRef, useState, type ComponentProps, type ReactNode, type RefObject } from 'react';
import { AlertDialog as A, Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../../lib/utils';
import { buttonClasses } from './button';

const overlay = 'fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-in';
const panel =
  'fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-card p-6 text-card-foreground shadow-xl';

export const Dialog = D.Root;

/**
 * Focus goes back to the control that had it when the dialog opened (Radix does this only for its own
 * Trigger), or to the page's main area when that control is gone (a deleted row's button). Call it in a
 * component that mounts when the dialog opens.
 */
function useReturnFocus() {
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  return (event: Event) => {
    event.preventDefault();
    if (opener && opener.isConnected && opener !== document.body) opener.focus({ preventScroll: true });
    // The control is gone: unless focus already went somewhere (a dialog beneath returned it), the page's main area.
    else if (document.activeElement === document.body || !document.activeElement?.isConnected) document.getElementById('main')?.focus({ preventScroll: true });
  };
}

/**
 * Escape closes the topmost dialog even while a toast shows. Radix gives Escape to the newest layer,
 * which is the toast that a failed save just raised, so the dialog would seem deaf to it. Listening on
 * the window, before Radix, this hands Escape to the dialog's own close button instead (which goes
 * through the dialog's usual close path, unsaved-changes question included) unless a menu or pick-list
 * of its own is open.
 */
function useEscapeOverToasts(close: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !document.querySelector('[data-toast][data-state="open"]')) return;
      if (document.querySelector('[data-radix-popper-content-wrapper]')) return;
      const dialogs = document.querySelectorAll('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]');
      if (!close.current || dialogs[dialogs.length - 1] !== close.current.closest('[role="dialog"]')) return;
      event.stopPropagation();
      event.preventDefault();
      close.current?.click();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [close]);
}

export function DialogContent(props: ComponentProps<typeof D.Content>) {
  return (
    <D.Portal>
      <D.Overlay className={overlay} />
      <DialogPanel {...props} />
    </D.Portal>
  );
}

/** The open dialog's panel: mounted only while the dialog is open, so it sees who opened it. */
function DialogPanel({ className, children, ...props }: ComponentProps<typeof D.Content>) {
  const returnFocus = useReturnFocus();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEscapeOverToasts(closeRef);
  return (
    <D.Content className={cn(panel, className)} onCloseAutoFocus={returnFocus} {...props}>
      {children}
      <D.Close ref={closeRef} className="absolute right-4 top-4 rounded-sm opacity-70 hover:opacity-100" aria-label="Close">
        <X className="size-4" />
      </D.Close>
    </D.Content>
  );
}

export const DialogHeader = ({ className, ...props }: ComponentProps<'div'>) => <div className={cn('flex flex-col gap-1.5', className)} {...props} />;
export const DialogFooter = ({ className, ...props }: ComponentProps<'div'>) => (
  <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
);
export const DialogTitle = ({ className, ...props }: ComponentProps<typeof D.Title>) => (
  <D.Title className={cn('text-lg font-semibold', className)} {...props} />
);
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
export function ConfirmDialog({ open, onOpenChange, ...content }: ConfirmDialogProps) {
  return (
    <A.Root open={open} onOpenChange={onOpenChange}>
      <A.Portal>
        <A.Overlay className={overlay} />
        <ConfirmContent {...content} />
      </A.Portal>
    </A.Root>
  );
}

function ConfirmContent({
  title,
  description,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  onConfirm,
  busy,
}: Omit<ConfirmDialogProps, 'open' | 'onOpenChange'>) {
  const returnFocus = useReturnFocus();
  return (
    <A.Content className={panel} onCloseAutoFocus={returnFocus}>
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
  );
}
