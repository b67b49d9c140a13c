import { useRef, useState } from 'react';
import { FileText, Loader2, Upload, X } from 'lucide-react';
import { ApiError, fileUrl, uploadFile } from '../../lib/api';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { useToast } from '../ui/toast';

export const ACCEPTED_FILES = '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';

/**
 * A file input that uploads as soon as a file is chosen and keeps only the stored file's id in the form.
 * Shows the chosen file's name, lets the user replace or remove it; an upload failure leaves the form as it was
 * and says why under the field (a file over the limit is refused before it is sent).
 */
export function FileField({
  id,
  value,
  fileName,
  onChange,
  onUploading,
}: {
  id: string;
  value: string;
  fileName: string | null;
  onChange(id: string, name: string | null): void;
  /** Told +1 when an upload starts and -1 when it ends (the save button waits). */
  onUploading?(delta: number): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const toast = useToast();

  async function onPick(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    setUploading(true);
    onUploading?.(1);
    try {
      const stored = await uploadFile(file);
      onChange(stored.id, stored.name);
    } catch (err) {
      console.error('Upload failed:', err);
      setProblem(uploadProblem(err));
      toast({ title: 'Upload Failed', description: (err as Error).message, variant: 'destructive' });
    } finally {
      setUploading(false);
      onUploading?.(-1);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="flex min-h-9 flex-wrap items-center gap-2">
      <input ref={input} id={id} type="file" accept={ACCEPTED_FILES} className="sr-only" onChange={(e) => onPick(e.target.files?.[0])} />
      {value ? (
        <a
          href={fileUrl(value)}
          target="_blank"
          rel="noopener"
          className="inline-flex min-w-0 max-w-full items-center gap-1.5 rounded-md border bg-muted/40 px-2 py-1 text-sm hover:underline"
        >
          <FileText className="size-4 shrink-0 text-primary" />
          <span className="truncate" data-testid="file-name">
            {fileName ?? 'Stored file'}
          </span>
        </a>
      ) : (
        <span className="text-sm text-muted-foreground">No file chosen</span>
      )}
      <Button variant="outline" size="sm" disabled={uploading} onClick={() => input.current?.click()}>
        {uploading ? <Loader2 className="animate-spin" /> : <Upload />}
        {uploading ? 'Uploading...' : value ? 'Replace' : 'Choose File'}
      </Button>
      {value && !uploading && (
        <Button variant="ghost" size="sm" onClick={() => onChange('', null)}>
          <X /> Remove
        </Button>
      )}
      {problem && <UploadProblemNote problem={problem} className="basis-full" />}
    </div>
  );
}

export interface UploadProblem {
  title: string;
  message: string;
  /** The file's name, where a field holds several. */
  fileName?: string;
}

/** Why an upload failed, in the server's words (or the same words, when the form refused the file itself). */
export const uploadProblem = (err: unknown, fileName?: string): UploadProblem => ({
  title: err instanceof ApiError ? err.title : 'Upload Failed',
  message: (err as Error).message,
  fileName,
});

/** The failure under the field, where the user is looking (the toast goes away; this stays until the next pick). */
export function UploadProblemNote({ problem, className }: { problem: UploadProblem; className?: string }) {
  return (
    <p role="alert" className={cn('text-sm text-destructive', className)}>
      {problem.fileName && <>{problem.fileName} — </>}
      <span className="font-medium">{problem.title}:</span> {problem.message}
    </p>
  );
}
