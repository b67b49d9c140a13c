import { useEffect, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { firstFailure, type AreaDefinition } from '@raahi/domain';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog';
import { useToast, type ToastMessage } from '../ui/toast';
import { ApiError } from '../../lib/api';
import type { AreaClient } from './area-client';
import { FormFields, fromFormValues, toFormValues, type FieldSpec, type FormValues } from './form-fields';
import { firstChoicesQuery } from './reference-picker';

export interface FormTexts {
  addTitle: string;
  editTitle: string;
  addButton: string;
  editButton: string;
  addDescription?: string;
  editDescription?: string;
}

export interface RecordFormDialogProps<Row extends { id: string; version: number }> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  area: AreaDefinition<any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  client: AreaClient<Row, any>;
  fields: readonly FieldSpec[];
  texts: FormTexts;
  /** The record being edited, or null to add a new one. */
  record: Row | null;
  open: boolean;
  onOpenChange(open: boolean): void;
  savedToast(row: Row, added: boolean): ToastMessage;
}

/**
 * The one form dialog: runs the area's rules before sending (the specified toast), saves,
 * and on failure stays open with everything typed and the error shown.
 */
export function RecordFormDialog<Row extends { id: string; version: number }>({ area, client, fields, texts, record, open, onOpenChange, savedToast }: RecordFormDialogProps<Row>) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<FormValues>();
  const adding = record === null;

  // Fill the form whenever the dialog opens: the record's values, or the area's defaults
  // (with the first choice of pick-lists that default to it).
  useEffect(() => {
    if (!open) return;
    form.reset(toFormValues(record ?? area.defaults(), fields));
    if (record) return;
    for (const field of fields) {
      if (!field.reference?.defaultToFirst) continue;
      queryClient.fetchQuery(firstChoicesQuery(field.reference)).then(
        (page) => {
          if (page.items[0] && !form.getValues(field.name)) form.setValue(field.name, page.items[0].id);
        },
        () => undefined,
      );
    }
  }, [open, record, area, fields, form, queryClient]);

  const save = useMutation({
    mutationFn: (input: Record<string, unknown>) => (record ? client.update(record.id, { ...input, version: record.version }) : client.create(input)),
    onSuccess: (row) => {
      queryClient.invalidateQueries({ queryKey: [client.key] });
      toast(savedToast(row, adding));
      onOpenChange(false);
    },
    onError: (err) => {
      console.error('Save failed:', err);
      const ruleFailure = err instanceof ApiError && err.status === 422;
      toast({
        title: ruleFailure ? err.title : adding ? 'Add Failed' : 'Update Failed',
        description: err.message,
        variant: 'destructive',
      });
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = { ...(record ? {} : area.defaults()), ...fromFormValues(form.getValues(), fields) };
    const failure = firstFailure(area.rules, input);
    if (failure) {
      toast({ title: failure.title, description: failure.message, variant: 'destructive' });
      return;
    }
    save.mutate(input);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{adding ? texts.addTitle : texts.editTitle}</DialogTitle>
          <DialogDescription>{adding ? (texts.addDescription ?? 'Fill in the details below.') : (texts.editDescription ?? `Editing ${record?.id}.`)}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="-mx-1 max-h-[70vh] overflow-y-auto px-1 py-1">
            <FormFields fields={fields} form={form} idPrefix={`${area.key}-form`} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : adding ? texts.addButton : texts.editButton}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
