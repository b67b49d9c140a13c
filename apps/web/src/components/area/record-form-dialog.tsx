import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useBlocker } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeIssues, firstFailure, type AreaDefinition, type RuleFailure } from '@raahi/domain';
import { Button } from '../ui/button';
import { ConfirmDialog, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog';
import { useToast, type ToastMessage } from '../ui/toast';
import { ApiError } from '../../lib/api';
import type { AnyField, DeclaredArea } from '@raahi/domain';
import type { AreaClient } from './area-client';
import {
  dateFormatHint,
  entityAreaKey,
  fieldInputId,
  FormFields,
  fromFormValues,
  inputText,
  toFormValues,
  unreadableDates,
  type FieldSpec,
  type FormValues,
} from './form-fields';
import { firstChoicesQuery } from './reference-picker';
import { RecordHistory } from './record-history';

/**
 * A computed value as its locked input shows it: rupees worked out (a balance, a total) to the paisa, 6300.00;
 * a copy of an amount the user typed (paid = final) as it was typed.
 */
function computedText(name: string, value: unknown, fields: readonly FieldSpec[], computed: Record<string, unknown>, values: FormValues): string {
  const field = fields.find((f) => f.name === name);
  if (value === null || value === undefined || field?.kind !== 'money') return inputText(field, value);
  const typed = (f: FieldSpec) => String(values[f.name] ?? '').trim();
  const copied = fields.find((f) => f.kind === 'money' && !(f.name in computed) && typed(f) !== '' && Number(typed(f)) === value);
  return copied ? typed(copied) : Number(value).toFixed(2);
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface FormTexts {
  addTitle: string;
  editTitle: string;
  addButton: string;
  editButton: string;
  addDescription?: string;
  editDescription?: string;
  /** The toast title when the server refuses a save (other than a rule): 'Add Failed' or 'Update Failed' unless given ('Save log failed'). */
  saveFailedTitle?: string;
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
  /** Closes the dialog (the caller takes it out of the URL). */
  onClose(): void;
  savedToast(row: Row, added: boolean): ToastMessage;
  /** Other areas' keys whose queries a save refreshes too (lists on the same page that show this record's label). */
  alsoRefresh?: readonly string[];
  /** The record shown, not edited: for a user whose role may view the area but not edit it. */
  readOnly?: boolean;
  /** Values a new record starts with beside the area's defaults (a record page's tab: its vehicle); names that are no field are left out. */
  initial?: Readonly<Record<string, string>>;
}

/** The message under a field at fault: a blank required field says so; another rule's message as given. */
function fieldMessage(failure: RuleFailure, field: FieldSpec): string {
  return failure.title === 'Missing Fields' ? `${field.label} is required.` : failure.message;
}

/**
 * The one form dialog: runs the area's rules before sending (the specified toast, and the fields at
 * fault marked, the first focused), saves, and on failure stays open with everything typed. Closing
 * with unsaved changes (Cancel, Escape, the overlay, the browser's Back) asks first.
 */
export function RecordFormDialog<Row extends { id: string; version: number }>({
  area,
  client,
  fields,
  texts,
  record,
  open,
  onClose,
  savedToast,
  alsoRefresh,
  readOnly = false,
  initial,
}: RecordFormDialogProps<Row>) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<FormValues>();
  const adding = record === null;
  const idPrefix = `${area.key}-form`;
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  // Uploads under way: the record saves once its files are stored.
  const [uploads, setUploads] = useState(0);
  const onUploading = useRef((delta: number) => setUploads((n) => Math.max(0, n + delta))).current;

  // Fields that belong to the record for the values chosen, and values computed from others (shown locked).
  const watched = useWatch({ control: form.control }) as FormValues;
  const { hidden, computed } = useMemo(() => {
    const declared = area as Partial<Pick<DeclaredArea<Record<string, AnyField>>, 'shown' | 'computedValues'>>;
    if (!declared.shown || !declared.computedValues) return { hidden: new Set<string>(), computed: {} as Record<string, unknown> };
    const current = fromFormValues(watched, fields);
    return {
      hidden: new Set(fields.filter((f) => !declared.shown!(f.name, current)).map((f) => f.name)),
      computed: declared.computedValues(current) as Record<string, unknown>,
    };
  }, [area, fields, watched]);
  const locked = useMemo(
    () => new Set([...Object.keys(computed), ...fields.filter((f) => record && f.lockedFor?.(record)).map((f) => f.name)]),
    [computed, fields, record],
  );
  useEffect(() => {
    for (const [name, value] of Object.entries(computed)) {
      const shown = computedText(name, value, fields, computed, form.getValues());
      if (form.getValues(name) !== shown) form.setValue(name, shown);
    }
  }, [computed, form, fields]);
  // Set just before a close that must not ask (after a save, or once the user chose to discard).
  const closingFreely = useRef(false);

  // Fill the form whenever the dialog opens: the record's values, or the area's defaults
  // (with the first choice of pick-lists that default to it).
  useEffect(() => {
    if (!open) return;
    closingFreely.current = false;
    const given = Object.fromEntries(
      Object.entries(initial ?? {}).filter(([name]) => fields.some((f) => f.name === name || (f.kind === 'entity' && entityAreaKey(f.name) === name))),
    );
    form.reset(toFormValues(record ?? { ...area.defaults(), ...given }, fields));
    if (record) return;
    for (const field of fields) {
      if (!field.reference?.defaultToFirst) continue;
      queryClient.fetchQuery(firstChoicesQuery(field.reference)).then(
        (page) => {
          // Not a change of the user's: the form stays clean.
          if (page.items[0] && !form.getValues(field.name)) form.resetField(field.name, { defaultValue: page.items[0].id });
        },
        () => undefined,
      );
    }
  }, [open, record, area, fields, form, queryClient, initial]);

  // A new record's looked-up values (a refuelling log's trip from its vehicle and time), again whenever what they
  // depend on changes, until the user changes the field themselves.
  const prefillKey = JSON.stringify(fields.filter((f) => f.prefill).map((f) => f.prefill!.from.map((name) => watched[name] ?? '')));
  useEffect(() => {
    if (!open || !adding) return;
    let current = true;
    for (const field of fields) {
      if (!field.prefill || form.getFieldState(field.name).isDirty) continue;
      field.prefill.value(fromFormValues(form.getValues(), fields)).then(
        (value) => {
          // Not a change of the user's: the field stays clean, so the next change of what it depends on fills it again.
          if (current && value !== undefined && !form.getFieldState(field.name).isDirty && form.getValues(field.name) !== value)
            form.resetField(field.name, { defaultValue: value });
        },
        () => undefined,
      );
    }
    return () => {
      current = false;
    };
  }, [open, adding, prefillKey, fields, form]);

  // A field the user changes is no longer marked as at fault.
  useEffect(() => {
    const subscription = form.watch((_, { name }) => {
      if (name && form.getFieldState(name).error) form.clearErrors(name);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const dirty = open && form.formState.isDirty;

  const closeNow = () => {
    closingFreely.current = true;
    setConfirmingDiscard(false);
    onClose();
  };
  const requestClose = () => {
    if (save.isPending) return;
    if (dirty) setConfirmingDiscard(true);
    else closeNow();
  };

  const save = useMutation({
    mutationFn: (input: Record<string, unknown>) => (record ? client.update(record.id, { ...input, version: record.version }) : client.create(input)),
    onSuccess: (row) => {
      for (const key of [client.key, ...(alsoRefresh ?? [])]) queryClient.invalidateQueries({ queryKey: [key] });
      // A save the server took with a warning (an odometer far above the vehicle's readings) says so on a line of
      // its own: the saved toast keeps the specification's words (one toast shows at a time).
      const warnings = (row as { warnings?: string[] }).warnings;
      toast({ ...savedToast(row, adding), ...(warnings?.length ? { note: warnings.join(' ') } : {}) });
      closeNow();
    },
    onError: (err) => {
      console.error('Save failed:', err);
      const ruleFailure = err instanceof ApiError && err.status === 422;
      toast({
        title: ruleFailure ? err.title : (texts.saveFailedTitle ?? (adding ? 'Add Failed' : 'Update Failed')),
        description: err.message,
        variant: 'destructive',
      });
    },
  });

  /** A failure before sending: its toast, each field at fault marked with its message, the first one focused. */
  function showFailure(title: string, description: string, atFault: { name: string; message: string }[]) {
    toast({ title, description, variant: 'destructive' });
    for (const { name, message } of atFault) form.setError(name, { type: 'validate', message });
    if (atFault[0]) document.getElementById(fieldInputId(idPrefix, atFault[0].name))?.focus();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (readOnly) return;
    form.clearErrors();
    const badDates = unreadableDates(form.getValues(), fields).map((field) => ({
      name: field.name,
      message: `${field.label} is not a date. Enter it as ${dateFormatHint(field)}.`,
    }));
    if (badDates.length > 0) return showFailure('Invalid Date', badDates[0].message, badDates);
    const typed = { ...(record ? {} : area.defaults()), ...fromFormValues(form.getValues(), fields) };
    // The same checks as the server's, in its order: the input's shape, then the rules on it as stored.
    const parsed = area.input.safeParse(typed);
    if (!parsed.success) {
      const atFault = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')))].filter((name) => fields.some((f) => f.name === name));
      const message = describeIssues(parsed.error, area.fieldLabels, typed);
      return showFailure(
        'Invalid Input',
        message,
        atFault.map((name) => ({ name, message })),
      );
    }
    const input = area.prepare ? area.prepare(typed) : typed;
    const failure = firstFailure(area.rules, input);
    if (failure) {
      // In the rule's order: the first it names is focused.
      const atFault = (failure.fields ?? []).flatMap((name) => fields.filter((field) => field.name === name));
      return showFailure(
        failure.title,
        failure.message,
        atFault.map((field) => ({ name: field.name, message: fieldMessage(failure, field) })),
      );
    }
    save.mutate(input);
  }

  return (
    <>
      <Dialog open={open} onOpenChange={(next) => !next && requestClose()}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>{readOnly ? `View ${capitalized(area.singular)}` : adding ? texts.addTitle : texts.editTitle}</DialogTitle>
            <DialogDescription>
              {readOnly
                ? `${record?.id}, read only: your role may view ${area.plural} but not edit them.`
                : adding
                  ? (texts.addDescription ?? 'Fill in the details below.')
                  : (texts.editDescription ?? `Editing ${record?.id}.`)}
            </DialogDescription>
          </DialogHeader>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <div className="-mx-1 max-h-[70vh] overflow-y-auto px-1 py-1">
              {/* Read only, every input is disabled; links (a stored file) still open. */}
              <fieldset disabled={readOnly} className="contents">
                <FormFields fields={fields} form={form} idPrefix={idPrefix} hidden={hidden} locked={locked} onUploading={onUploading} adding={adding} />
              </fieldset>
            </div>
            <DialogFooter>
              {readOnly ? (
                <Button variant="outline" onClick={closeNow}>
                  Close
                </Button>
              ) : (
                <>
                  <Button variant="outline" onClick={requestClose} disabled={save.isPending}>
                    Cancel
                  </Button>
                  <Button type="submit" disabled={save.isPending || uploads > 0}>
                    {uploads > 0 ? 'Uploading...' : save.isPending ? 'Saving...' : adding ? texts.addButton : texts.editButton}
                  </Button>
                </>
              )}
            </DialogFooter>
          </form>
          {record && <RecordHistory area={area} recordId={record.id} />}
        </DialogContent>
      </Dialog>
      {/* Mounted only while open: a router keeps one blocker, and a page may hold several forms (one per section). */}
      {open && (
        <DiscardGuard
          blockWhen={() => dirty && !closingFreely.current}
          confirming={confirmingDiscard}
          onKeepEditing={() => setConfirmingDiscard(false)}
          onDiscard={closeNow}
          onLeave={() => {
            closingFreely.current = true;
            setConfirmingDiscard(false);
          }}
        />
      )}
    </>
  );
}

/**
 * Asks before unsaved input is lost: when the user closes the form (`confirming`), or when the browser's
 * Back (or any navigation that changes the address's query) would leave it.
 */
function DiscardGuard({
  blockWhen,
  confirming,
  onKeepEditing,
  onDiscard,
  onLeave,
}: {
  blockWhen(): boolean;
  confirming: boolean;
  onKeepEditing(): void;
  onDiscard(): void;
  onLeave(): void;
}) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => blockWhen() && currentLocation.search !== nextLocation.search);
  return (
    <ConfirmDialog
      open={confirming || blocker.state === 'blocked'}
      onOpenChange={(next) => {
        if (next) return;
        onKeepEditing();
        if (blocker.state === 'blocked') blocker.reset();
      }}
      title="Discard Changes?"
      description="You have unsaved changes in this form. If you leave now, they will be lost."
      cancelLabel="Keep Editing"
      confirmLabel="Discard"
      onConfirm={() => {
        if (blocker.state === 'blocked') {
          onLeave();
          blocker.proceed();
        } else onDiscard();
      }}
    />
  );
}
