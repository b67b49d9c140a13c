import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Toast as T } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../../lib/utils';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

const ToastContext = createContext<(message: ToastMessage) => void>(() => undefined);

/** At most this many toasts show at once; a newer one pushes out the oldest. */
const MAX_TOASTS = 3;

/**
 * Shows toasts for 5000 ms each, newest last, up to MAX_TOASTS at once: two failures at once (a list and
 * a pick-list) both stay readable. Swipe and F8 are Radix's defaults.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<(ToastMessage & { key: number; open: boolean })[]>([]);
  const show = useCallback((message: ToastMessage) => {
    setToasts((current) => {
      // The same message again (a refetch failing twice) restarts it rather than stacking a copy.
      const others = current.filter((t) => t.open && !(t.title === message.title && t.description === message.description));
      return [...others, { ...message, key: Date.now() + Math.random(), open: true }].slice(-MAX_TOASTS);
    });
  }, []);
  const close = useCallback((key: number) => setToasts((current) => current.map((t) => (t.key === key ? { ...t, open: false } : t))), []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <T.Provider duration={5000} swipeDirection="right">
        {children}
        {toasts.map((toast) => (
          <T.Root
            key={toast.key}
            data-toast
            open={toast.open}
            onOpenChange={(open) => !open && close(toast.key)}
            className={cn(
              'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-md border p-4 pr-8 shadow-lg',
              toast.variant === 'destructive' ? 'destructive border-destructive bg-destructive text-destructive-foreground' : 'bg-card text-card-foreground',
            )}
          >
            <div className="grid gap-1">
              <T.Title className="text-sm font-semibold">{toast.title}</T.Title>
              {toast.description && <T.Description className="text-sm opacity-90">{toast.description}</T.Description>}
            </div>
            <T.Close className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100" aria-label="Close">
              <X className="size-4" />
            </T.Close>
          </T.Root>
        ))}
        {/* aria-live keeps the toasts out of a modal dialog's aria-hidden sweep (Radix announces them itself). */}
        {/* On a phone at the top, where it cannot cover a dialog's buttons. */}
        <T.Viewport aria-live="off" className="fixed right-0 top-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:bottom-0 sm:top-auto sm:max-w-[420px]" />
      </T.Provider>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
