import { Copy, RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { generateSecret } from './integrations-api';

/** A refusal as a toast: the server's words when it answered, else a fallback title. */
export function useFailureToast() {
  const toast = useToast();
  return (fallback: string, err: unknown) =>
    toast({
      title: err instanceof ApiError ? err.title : fallback,
      description: err instanceof ApiError ? err.message : 'Something went wrong. Please try again.',
      variant: 'destructive',
    });
}

/** Copies a text to the clipboard, saying so (or saying to copy it by hand). */
export function useCopy() {
  const toast = useToast();
  return async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied', description: `The ${what} is on the clipboard.` });
    } catch {
      toast({ title: 'Not Copied', description: `Select the ${what} and copy it by hand.`, variant: 'destructive' });
    }
  };
}

/** A webhook's secret: typed, or generated in the browser; copied to give to the receiver (a new one and a rotated one alike). */
export function SecretField({ id, label, value, onChange, hint }: { id: string; label: string; value: string; onChange(value: string): void; hint?: string }) {
  const copy = useCopy();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={id}
          className="min-w-0 flex-1 font-mono text-xs"
          autoComplete="off"
          maxLength={200}
          aria-describedby={hint ? `${id}-hint` : undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <Button variant="outline" onClick={() => onChange(generateSecret())}>
          <RefreshCw /> Generate
        </Button>
        <Button variant="outline" disabled={!value} onClick={() => copy(value, 'secret')}>
          <Copy /> Copy
        </Button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
