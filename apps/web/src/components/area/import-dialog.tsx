import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileSpreadsheet, Loader2, Upload } from 'lucide-react';
import type { ImportColumn, ImportField, ImportMode, ImportPreview, ImportResult } from '@raahi/domain';
import { Button, buttonClasses } from '../ui/button';
import { ConfirmDialog, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog';
import { Label } from '../ui/input';
import { Select } from '../ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';
import { useToast } from '../ui/toast';
import { useAuth } from '../../app/auth';
import { ApiError } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { cn } from '../../lib/utils';
import { UploadProblemNote, type UploadProblem } from './file-field';
import { errorsCsvUrl, importClient, readRun, undoBatch } from './import-client';
import {
  checkText,
  columnLabel,
  conflictFieldsText,
  DEFAULT_IMPORT_MAX_BYTES,
  errorsShownText,
  IMPORT_ACCEPT,
  importFileProblem,
  LEAVE_OUT,
  mapColumn,
  missingFields,
  missingFieldsText,
  nothingToChangeText,
  outcomeText,
  outcomeToast,
  progressFraction,
  progressText,
  rowsToImport,
  runToResume,
  sampleValues,
  undoneText,
} from './import-steps';

export interface ImportDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The area's API key (`/api/<area>/import`). */
  area: string;
  /** The area's records in words ('vehicles'), for the title and texts. */
  plural: string;
  /** Query keys a committed or undone batch refreshes: the area's own, and lists on the same page that show its records. */
  refresh: readonly string[];
  /** Update mode needs the update right, Undo the delete right. */
  mayUpdate: boolean;
  mayDelete: boolean;
}

type Step = 'file' | 'columns' | 'check' | 'import';
const STEPS: { step: Step; label: string }[] = [
  { step: 'file', label: 'File' },
  { step: 'columns', label: 'Columns' },
  { step: 'check', label: 'Check' },
  { step: 'import', label: 'Import' },
];

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const runKey = (id: string | null) => ['imports', 'run', id] as const;
/** A run is asked again this often while it runs. */
const POLL_MS = 500;

/** One run of the server's, read again while it runs (kept while the dialog is closed, so its end is still announced). */
function useRun(id: string | null) {
  return useQuery({
    queryKey: runKey(id),
    queryFn: ({ signal }) => readRun(id!, signal),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_MS : false),
    staleTime: 0,
  });
}

/**
 * The Import dialog of every area: the template, the file and what to do with it; the file's columns matched to the
 * area's fields for the user to correct; a check of every row (nothing written) with its errors; then the import with
 * its progress, its outcome and Undo. It stays mounted while the page is open, so the chosen file, the mapping and a
 * run under way survive closing it; a run of the user's still going (or just ended) shows again after leaving the page.
 */
export default function ImportDialog({ open, onOpenChange, area, plural, refresh, mayUpdate, mayDelete }: ImportDialogProps) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const client = useMemo(() => importClient(area), [area]);
  const ids = useId();

  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<File | null>(null);
  const [update, setUpdate] = useState(false);
  const [validOnly, setValidOnly] = useState(false);
  // Update mode: write the rows whose record changed since the export over those changes (decision 0061).
  const [overwrite, setOverwrite] = useState(false);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportColumn[]>([]);
  const [checkId, setCheckId] = useState<string | null>(null);
  const [commitId, setCommitId] = useState<string | null>(null);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [confirmingUndo, setConfirmingUndo] = useState(false);
  // Runs the user set aside (Import Another File): not shown again on opening.
  const [setAside, setSetAside] = useState<ReadonlySet<string>>(new Set());
  const fileInput = useRef<HTMLInputElement>(null);

  const runsKey = ['imports', area, 'runs'];
  const runs = useQuery({ queryKey: runsKey, queryFn: ({ signal }) => client.runs(signal), enabled: open, staleTime: 0 });
  const maxBytes = runs.data?.maxBytes ?? DEFAULT_IMPORT_MAX_BYTES;
  const check = useRun(checkId);
  const commit = useRun(commitId);

  // Opened with nothing under way here: the user's run that is going on, or just ended, from an earlier visit.
  const untouched = step === 'file' && file === null && commitId === null;
  useEffect(() => {
    if (!open || !untouched || !runs.data) return;
    const resumed = runToResume(runs.data.rows, user?.name ?? '', Date.now(), setAside);
    if (!resumed) return;
    queryClient.setQueryData(runKey(resumed.id), resumed);
    setCommitId(resumed.id);
    setStep('import');
  }, [open, untouched, runs.data, user?.name, setAside, queryClient]);

  // A commit seen running ends: the lists show its records, and a toast says so (also with the dialog closed).
  const watched = useRef(new Set<string>());
  const commitRun = commit.data;
  // By value: the page hands a new array on each render.
  const refreshKeys = refresh.join('\n');
  useEffect(() => {
    if (!commitRun) return;
    if (commitRun.status === 'running') {
      watched.current.add(commitRun.id);
      return;
    }
    if (!watched.current.delete(commitRun.id)) return;
    for (const key of refreshKeys.split('\n')) void queryClient.invalidateQueries({ queryKey: [key] });
    void queryClient.invalidateQueries({ queryKey: ['imports', area, 'runs'] });
    toast(outcomeToast(commitRun));
  }, [commitRun, refreshKeys, area, queryClient, toast]);

  /** A request that failed: its toast, and the same words in the dialog until the next attempt (nothing chosen is lost). */
  const failed = (title: string) => (err: Error) => {
    console.error(`${title}:`, err);
    const shown = { title: err instanceof ApiError ? err.title : title, message: err.message };
    setProblem(shown);
    toast({ title: shown.title, description: shown.message, variant: 'destructive' });
  };

  const read = useMutation({
    mutationFn: (chosen: File) => client.preview(chosen),
    onMutate: () => setProblem(null),
    onSuccess: (answer) => {
      setPreview(answer);
      setMapping(answer.columns);
      setCheckId(null);
      setStep('columns');
    },
    onError: failed('Import Failed'),
  });

  const start = useMutation({
    mutationFn: (mode: ImportMode) => client.start(file!, { mode, update, validOnly, overwrite, mapping }),
    onMutate: () => setProblem(null),
    onSuccess: (run) => {
      queryClient.setQueryData(runKey(run.id), run);
      if (run.mode === 'dry-run') {
        setCheckId(run.id);
        setStep('check');
      } else {
        setCommitId(run.id);
        setStep('import');
      }
    },
    onError: failed('Import Failed'),
  });

  const undo = useMutation({
    mutationFn: (run: ImportResult) => undoBatch(run.batchId!),
    onMutate: () => setProblem(null),
    onSuccess: (result, run) => {
      setConfirmingUndo(false);
      for (const key of refresh) void queryClient.invalidateQueries({ queryKey: [key] });
      void queryClient.invalidateQueries({ queryKey: runKey(run.id) });
      void queryClient.invalidateQueries({ queryKey: ['imports', area, 'runs'] });
      toast({ title: 'Import Undone', description: undoneText(result, run.update) });
    },
    onError: (err) => {
      setConfirmingUndo(false);
      failed('Undo Failed')(err);
    },
  });

  function choose(chosen: File | undefined) {
    if (fileInput.current) fileInput.current.value = '';
    if (!chosen) return;
    const refused = importFileProblem(chosen, maxBytes);
    if (refused) {
      setProblem({ ...refused, fileName: chosen.name });
      toast({ ...refused, description: refused.message, variant: 'destructive' });
      return;
    }
    setProblem(null);
    setFile(chosen);
    // Another file: its own columns and its own check.
    setPreview(null);
    setMapping([]);
    setCheckId(null);
    setOverwrite(false);
  }

  /** Starts again with another file, setting the finished run aside (the choices of what to do stay). */
  function startOver() {
    if (commitId) setSetAside((aside) => new Set([...aside, commitId]));
    setCommitId(null);
    setCheckId(null);
    setFile(null);
    setPreview(null);
    setMapping([]);
    setProblem(null);
    setStep('file');
  }

  const missing = preview ? missingFields(mapping, preview.fields, update) : [];
  const checked = check.data?.status === 'done' ? check.data : null;
  const title = `Import ${capitalized(plural)}`;

  let body: ReactNode;
  let footer: ReactNode;
  if (step === 'file') {
    body = (
      <div className="grid gap-5">
        <div className="grid gap-2">
          <p className="text-sm">
            Start from the template: its headers are the form's labels, with an example row. Files are never imported; attach them to the records afterwards.
          </p>
          <div className="flex flex-wrap gap-2">
            <a className={buttonClasses('outline', 'sm')} href={client.templateUrl('csv')} download>
              <Download aria-hidden /> Download template (CSV)
            </a>
            <a className={buttonClasses('outline', 'sm')} href={client.templateUrl('xlsx')} download>
              <Download aria-hidden /> Download template (XLSX)
            </a>
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-file`}>File</Label>
          <input
            ref={fileInput}
            id={`${ids}-file`}
            type="file"
            accept={IMPORT_ACCEPT}
            className="sr-only"
            aria-describedby={`${ids}-file-hint`}
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <div className="flex min-h-9 flex-wrap items-center gap-2">
            {file ? (
              <span
                className="inline-flex min-w-0 max-w-full items-center gap-1.5 rounded-md border bg-muted/40 px-2 py-1 text-sm"
                data-testid="import-file-name"
              >
                <FileSpreadsheet aria-hidden className="size-4 shrink-0 text-primary" />
                <span className="truncate">{file.name}</span>
              </span>
            ) : (
              <span className="text-sm text-muted-foreground">No file chosen</span>
            )}
            <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
              <Upload aria-hidden /> {file ? 'Replace' : 'Choose File'}
            </Button>
          </div>
          <p id={`${ids}-file-hint`} className="text-xs text-muted-foreground">
            CSV (comma, semicolon or tab separated) or Excel (XLSX), up to {formatNumber(Math.floor((maxBytes / 1024 / 1024) * 10) / 10)} MB. Dates as
            DD/MM/YYYY.
          </p>
        </div>
        <Choice
          legend="What to do"
          name={`${ids}-what`}
          value={update ? 'update' : 'add'}
          onChange={(value) => {
            setUpdate(value === 'update');
            setCheckId(null);
          }}
          options={[
            { value: 'add', label: 'Add new records' },
            ...(mayUpdate
              ? [
                  {
                    value: 'update',
                    label: 'Update existing records matched by ID',
                    hint: 'Only what differs is changed; an export imported back changes nothing.',
                  },
                ]
              : []),
          ]}
        />
        <ErrorRowsChoice name={`${ids}-rows`} validOnly={validOnly} onChange={setValidOnly} />
      </div>
    );
    footer = (
      <Button onClick={() => file && read.mutate(file)} disabled={!file || read.isPending}>
        {read.isPending && <Loader2 aria-hidden className="animate-spin" />}
        {read.isPending ? 'Reading...' : 'Next'}
      </Button>
    );
  } else if (step === 'columns' && preview) {
    body = (
      <div className="grid gap-3">
        <p className="text-sm">
          {file?.name}: choose the field each column fills, or Leave out.
          {preview.remembered && ' This is the matching you used last time.'}
        </p>
        <div className="max-h-[50vh] overflow-auto rounded-md border">
          <Table aria-label="Columns of the file">
            <TableHeader>
              <TableRow>
                <TableHead>Column in the file</TableHead>
                <TableHead>Field</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {mapping.map((column, index) => (
                <TableRow key={index}>
                  {/* The first values under the header, not in a column of their own: the select stays in view on a phone. */}
                  <TableCell className="max-w-0">
                    <div className="font-medium">{columnLabel(mapping, index)}</div>
                    <div className="truncate text-xs text-muted-foreground">
                      {sampleValues(preview.sample, index).join(', ') || 'No values in the first rows'}
                    </div>
                  </TableCell>
                  <TableCell className="w-1/2 sm:w-64">
                    <Select
                      aria-label={`Field for ${columnLabel(mapping, index)}`}
                      value={column.field || LEAVE_OUT}
                      onValueChange={(field) => {
                        setMapping((current) => mapColumn(current, index, field));
                        setCheckId(null);
                      }}
                      options={[{ value: LEAVE_OUT, label: 'Leave out' }, ...preview.fields.map((f) => ({ value: f.field, label: f.label }))]}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        {missing.length > 0 && (
          <p role="alert" className="text-sm text-destructive">
            <span className="font-medium">{update ? 'Needed to match records:' : 'Required fields:'}</span> {missingFieldsText(missing)}
          </p>
        )}
      </div>
    );
    footer = (
      <>
        <Button variant="outline" onClick={() => setStep('file')}>
          Back
        </Button>
        <Button onClick={() => start.mutate('dry-run')} disabled={missing.length > 0 || start.isPending}>
          {start.isPending && <Loader2 aria-hidden className="animate-spin" />}
          {start.isPending ? 'Sending...' : 'Check File'}
        </Button>
      </>
    );
  } else if (step === 'check') {
    const run = check.data;
    const nothingToChange = run ? nothingToChangeText(run, plural) : null;
    const count = checked ? rowsToImport(checked, validOnly, overwrite) : 0;
    const blocked = !checked || checked.valid === 0 || count <= 0 || (checked.errorCount > 0 && !validOnly);
    body = !run ? (
      <Waiting />
    ) : run.status === 'running' ? (
      <Progress run={run} label="Check progress" />
    ) : run.status === 'failed' ? (
      <RunFailure run={run} />
    ) : (
      <div className="grid gap-4">
        <p className="text-sm" aria-live="polite">
          <span className="font-medium">Checked, nothing written.</span> {checkText(run)} {run.errorCount === 0 && 'Every row is valid.'}
        </p>
        {nothingToChange && <p className="text-sm text-muted-foreground">{nothingToChange}</p>}
        <RowErrors run={run} />
        {run.conflictCount > 0 && (
          <div className="grid gap-2">
            <Conflicts run={run} fields={preview?.fields ?? []} />
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-primary" checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} />
              Overwrite their changes with the file's values
            </label>
          </div>
        )}
        {run.errorCount > 0 && (
          <>
            <ErrorRowsChoice name={`${ids}-rows`} validOnly={validOnly} onChange={setValidOnly} />
            {!validOnly && (
              <p className="text-sm text-muted-foreground">
                All rows or none: nothing can be imported while a row has an error. Fix the file and check it again, or import only the valid rows.
              </p>
            )}
          </>
        )}
      </div>
    );
    footer = (
      <>
        <Button variant="outline" onClick={() => setStep('columns')}>
          Back
        </Button>
        <Button onClick={() => start.mutate('commit')} disabled={blocked || start.isPending}>
          {start.isPending && <Loader2 aria-hidden className="animate-spin" />}
          {start.isPending ? 'Sending...' : `Import ${formatNumber(count)} ${count === 1 ? 'Row' : 'Rows'}`}
        </Button>
      </>
    );
  } else {
    const run = commit.data;
    body = !run ? (
      commit.isError ? (
        <p className="text-sm text-destructive">{commit.error.message}</p>
      ) : (
        <Waiting />
      )
    ) : run.status === 'running' ? (
      <div className="grid gap-3">
        <Progress run={run} label="Import progress" />
        <p className="text-sm text-muted-foreground">You can close this window or leave the page: the import goes on, and Import shows it here again.</p>
      </div>
    ) : run.status === 'failed' ? (
      <RunFailure run={run} />
    ) : (
      <div className="grid gap-4">
        <div className="grid gap-1" aria-live="polite">
          <p className="font-medium">{run.status === 'undone' ? 'Import Undone' : outcomeToast(run).title}</p>
          <p className="text-sm">
            {run.fileName}: {outcomeText(run)} {run.status === 'undone' && 'This import was undone.'}
          </p>
        </div>
        {run.errorCount > 0 && <RowErrors run={run} />}
      </div>
    );
    const undoable = run?.status === 'done' && run.batchId !== null && run.written > 0 && mayDelete;
    footer = (
      <>
        {undoable && (
          <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => setConfirmingUndo(true)} disabled={undo.isPending}>
            {undo.isPending ? 'Undoing...' : 'Undo Import'}
          </Button>
        )}
        {run && run.status !== 'running' && (
          <Button variant="outline" onClick={startOver}>
            Import Another File
          </Button>
        )}
        <Button onClick={() => onOpenChange(false)}>Close</Button>
      </>
    );
  }

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-w-4xl">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>Bring {plural} in from a spreadsheet: match its columns, check every row, then import.</DialogDescription>
          </DialogHeader>
          <ol className="flex flex-wrap gap-2 text-sm" aria-label="Steps">
            {STEPS.map((s, index) => (
              <li
                key={s.step}
                aria-current={s.step === step ? 'step' : undefined}
                className={cn(
                  'rounded-full border px-3 py-0.5',
                  s.step === step ? 'border-primary bg-primary text-primary-foreground' : 'text-muted-foreground',
                )}
              >
                {index + 1}. {s.label}
              </li>
            ))}
          </ol>
          {/* The header and footer stay in view on a short screen; the step's content scrolls between them. */}
          <div className="-mx-1 max-h-[min(65vh,calc(100dvh-22rem))] overflow-y-auto px-1 py-1">{body}</div>
          {problem && <UploadProblemNote problem={problem} />}
          <DialogFooter>{footer}</DialogFooter>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirmingUndo}
        onOpenChange={(next) => !next && setConfirmingUndo(false)}
        title="Undo Import?"
        description={
          commit.data?.update
            ? `The ${formatNumber(commit.data.written)} records this import changed go back to what they were before it.`
            : `The ${formatNumber(commit.data?.written ?? 0)} ${plural} this import added are deleted. A record changed since the import stops the undo.`
        }
        confirmLabel="Undo Import"
        busy={undo.isPending}
        onConfirm={() => commit.data && undo.mutate(commit.data)}
      />
    </>
  );
}

function Waiting() {
  return (
    <p className="flex items-center gap-2 py-4 text-sm text-muted-foreground">
      <Loader2 aria-hidden className="size-4 animate-spin" /> Loading...
    </p>
  );
}

/** A run's progress bar, with its rows checked (and written) in words. */
function Progress({ run, label }: { run: ImportResult; label: string }) {
  const percent = Math.round(progressFraction(run) * 100);
  const words = progressText(run);
  return (
    <div className="grid gap-2 py-2">
      {/* The browser's own bar, as an upload's (files-field.tsx), with the rows in words for a screen reader. */}
      <progress
        className="h-2.5 w-full appearance-none overflow-hidden rounded-full bg-muted [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-primary"
        max={100}
        value={percent}
        aria-label={label}
        aria-valuetext={words}
      />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {words}
      </p>
    </div>
  );
}

/** A run that failed as a whole (the file could not be read): the server's reason. */
function RunFailure({ run }: { run: ImportResult }) {
  return (
    <p role="alert" className="text-sm text-destructive">
      <span className="font-medium">Import Failed:</span> {run.message ?? outcomeText(run)}
    </p>
  );
}

/** Update mode's conflicts: rows whose record changed since the export, with the fields the file would change back. */
function Conflicts({ run, fields }: { run: ImportResult; fields: readonly ImportField[] }) {
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">
        {formatNumber(run.conflictCount)} {run.conflictCount === 1 ? 'row was' : 'rows were'} changed by someone else since the export; left out unless you
        overwrite their changes.
      </p>
      <div className="max-h-72 overflow-auto rounded-md border">
        <Table aria-label="Conflicts">
          <TableHeader>
            <TableRow>
              <TableHead className="w-px">Row</TableHead>
              <TableHead className="w-px">ID</TableHead>
              <TableHead>Changed since the export</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {run.conflicts.map((conflict) => (
              <TableRow key={conflict.row}>
                <TableCell className="whitespace-nowrap tabular-nums">{formatNumber(conflict.row)}</TableCell>
                <TableCell className="whitespace-nowrap">{conflict.id}</TableCell>
                <TableCell>{conflictFieldsText(conflict.fields, fields)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

/** Every error the answer holds as row, column and message, and all of them as a CSV to fix the file by. */
function RowErrors({ run }: { run: ImportResult }) {
  if (run.errorCount === 0) return null;
  const partial = errorsShownText(run);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium">
          {formatNumber(run.errorCount)} {run.errorCount === 1 ? 'error' : 'errors'}
        </p>
        <a className={buttonClasses('outline', 'sm')} href={errorsCsvUrl(run.id)} download>
          <Download aria-hidden /> Download errors (CSV)
        </a>
      </div>
      <div className="max-h-72 overflow-auto rounded-md border">
        <Table aria-label="Errors">
          <TableHeader>
            <TableRow>
              <TableHead className="w-px">Row</TableHead>
              <TableHead className="w-px">Column</TableHead>
              <TableHead>Message</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {run.errors.map((error, index) => (
              <TableRow key={index}>
                <TableCell className="whitespace-nowrap tabular-nums">{formatNumber(error.row)}</TableCell>
                <TableCell className="whitespace-nowrap">{error.column || '—'}</TableCell>
                <TableCell>{error.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {partial && <p className="text-xs text-muted-foreground">{partial}</p>}
    </div>
  );
}

interface ChoiceOption {
  value: string;
  label: string;
  hint?: string;
}

/** A set of radio buttons under a legend: the dialog's choices of what to do. */
function Choice({
  legend,
  name,
  value,
  onChange,
  options,
}: {
  legend: string;
  name: string;
  value: string;
  onChange(value: string): void;
  options: readonly ChoiceOption[];
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {options.map((option) => (
        <div key={option.value} className="grid gap-0.5">
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              className="size-4 accent-primary"
              name={name}
              value={option.value}
              checked={value === option.value}
              aria-describedby={option.hint ? `${name}-${option.value}-hint` : undefined}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
          {option.hint && (
            <p id={`${name}-${option.value}-hint`} className="pl-6 text-xs text-muted-foreground">
              {option.hint}
            </p>
          )}
        </div>
      ))}
    </fieldset>
  );
}

function ErrorRowsChoice({ name, validOnly, onChange }: { name: string; validOnly: boolean; onChange(validOnly: boolean): void }) {
  return (
    <Choice
      legend="Rows with errors"
      name={name}
      value={validOnly ? 'valid' : 'all'}
      onChange={(value) => onChange(value === 'valid')}
      options={[
        { value: 'all', label: 'All rows or none', hint: 'If any row has an error, nothing is imported.' },
        { value: 'valid', label: 'Import only the valid rows', hint: 'Rows with errors are left out; download them to fix and import again.' },
      ]}
    />
  );
}
