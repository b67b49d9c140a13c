import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Toast as T } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../../lib/utils';

export interface ToastMessage {
  title: string;
  description?: string;
  /** A line of its own under the description (a save's warning), leaving the description's words as they are. */
  note?: string;
  variant?: 'default' | 'destructive';
}

const ToastContext = createContext<(message: ToastMessage) => void>(() => undefined);

/**
 * Shows one toast at a time, as specified (a new one replaces the old), for 5000 ms; swipe and F8 are
 * Radix's defaults. On a phone at the top, elsewhere at the bottom left: never over a dialog's buttons,
 * which sit at its bottom right.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastMessage & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback((message: ToastMessage) => {
    setCurrent({ ...message, key: Date.now() + Math.random() });
    setOpen(true);
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <T.Provider duration={5000} swipeDirection="right">
        {children}
        {current && (
          <T.Root
            key={current.key}
            data-toast
            open={open}
            onOpenChange={setOpen}
            className={cn(
              'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-md border p-4 pr-8 shadow-lg',
              current.variant === 'destructive' ? 'destructive border-destructive bg-destructive text-destructive-foreground' : 'bg-card text-card-foreground',
            )}
          >
            <div className="grid gap-1">
              <T.Title className="text-sm font-semibold">{current.title}</T.Title>
              {current.description && <T.Description className="text-sm">{current.description}</T.Description>}
              {current.note && <p className="text-sm font-medium">{current.note}</p>}
            </div>
            <T.Close className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100" aria-label="Close">
              <X className="size-4" />
            </T.Close>
          </T.Root>
        )}
        {/* aria-live keeps the toasts out of a modal dialog's aria-hidden sweep (Radix announces them itself). */}
        <T.Viewport
          aria-live="off"
          className="fixed left-0 right-0 top-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:bottom-0 sm:right-auto sm:top-auto sm:max-w-[400px]"
        />
      </T.Provider>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
