import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DUE_SOON_DAYS_RANGE } from '@raahi/domain';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { useToast } from '../../components/ui/toast';
import { api } from '../../lib/api';

interface Threshold {
  documentType: string;
  dueSoonDays: number;
  defaultDays: number;
}
interface Thresholds {
  items: Threshold[];
  editable: boolean;
}

const KEY = ['reminders', 'thresholds'];

/**
 * Manage Expiry Alerts: each document type's Due Soon days for reminders (issue 18), changed by administrators
 * (others read them). The list's Expires Soon badge and filter keep their 30 days.
 */
export default function ExpiryAlertsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const thresholds = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api<Thresholds>('/api/reminders/thresholds', { signal }),
    enabled: open,
    staleTime: 0,
  });
  const [values, setValues] = useState<Record<string, string>>({});
  useEffect(() => {
    if (open && thresholds.data) setValues(Object.fromEntries(thresholds.data.items.map((t) => [t.documentType, String(t.dueSoonDays)])));
  }, [open, thresholds.data]);
  useEffect(() => {
    if (thresholds.isError) toast({ title: 'Error', description: thresholds.error.message, variant: 'destructive' });
  }, [thresholds.isError, thresholds.error, toast]);
  const editable = thresholds.data?.editable ?? false;
  const save = useMutation({
    mutationFn: () =>
      api<Thresholds>('/api/reminders/thresholds', {
        method: 'PUT',
        body: { thresholds: Object.entries(values).map(([documentType, days]) => ({ documentType, dueSoonDays: days.trim() === '' ? null : Number(days) })) },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      toast({ title: 'Expiry Alerts Saved', description: 'Reminders now use these Due Soon days.' });
      onOpenChange(false);
    },
    onError: (err) => toast({ title: (err as { title?: string }).title ?? 'Save Failed', description: err.message, variant: 'destructive' }),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Manage Expiry Alerts</DialogTitle>
          <DialogDescription>
            Days before a document expires that its reminder says Due Soon ({DUE_SOON_DAYS_RANGE.min}–{DUE_SOON_DAYS_RANGE.max}). The list's Expires Soon badge
            keeps 30 days.
            {thresholds.data && !editable && ' Only an administrator can change them.'}
          </DialogDescription>
        </DialogHeader>
        {thresholds.isPending ? (
          <p className="text-sm text-muted-foreground">Loading expiry alerts...</p>
        ) : (
          <form
            id="expiry-alerts-form"
            noValidate
            className="grid max-h-[60vh] gap-2 overflow-y-auto pr-1"
            onSubmit={(event) => {
              event.preventDefault();
              if (editable) save.mutate();
            }}
          >
            {thresholds.data?.items.map((t) => {
              const id = `threshold-${t.documentType.replace(/\W+/g, '-')}`;
              return (
                <div key={t.documentType} className="grid grid-cols-[minmax(0,1fr)_7rem] items-center gap-3">
                  <label htmlFor={id} className="text-sm">
                    {t.documentType}
                    <span className="block text-xs text-muted-foreground">Default {t.defaultDays} days</span>
                  </label>
                  <Input
                    id={id}
                    type="number"
                    inputMode="numeric"
                    min={DUE_SOON_DAYS_RANGE.min}
                    max={DUE_SOON_DAYS_RANGE.max}
                    step={1}
                    value={values[t.documentType] ?? ''}
                    readOnly={!editable}
                    aria-readonly={!editable}
                    onChange={(e) => setValues((current) => ({ ...current, [t.documentType]: e.target.value }))}
                  />
                </div>
              );
            })}
          </form>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {editable ? 'Cancel' : 'Close'}
          </Button>
          {editable && (
            <Button type="submit" form="expiry-alerts-form" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Alerts'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
