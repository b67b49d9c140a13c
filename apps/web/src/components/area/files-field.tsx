import { useRef, useState } from 'react';
import { FileText, Upload, X } from 'lucide-react';
import { fileUrl, uploadFile } from '../../lib/api';
import { Button } from '../ui/button';
import { useToast } from '../ui/toast';
import { ACCEPTED_FILES, uploadProblem, UploadProblemNote, type UploadProblem } from './file-field';

/** A stored file as a record lists it. */
export interface FileItem {
  id: string;
  name: string;
}

/**
 * Several private files on one record (incident photos): each chosen file uploads at once with its progress
 * shown, opens in a new tab for a signed-in user, and can be removed on its own. A failed upload names the
 * file and leaves the others, and everything else in the form, as they were.
 */
export function FilesField({
  id,
  value,
  onChange,
  onUploading,
  failureTitle = 'Upload Failed',
}: {
  id: string;
  value: FileItem[];
  onChange(files: FileItem[]): void;
  onUploading(delta: number): void;
  failureTitle?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ key: string; name: string; fraction: number }[]>([]);
  const [problems, setProblems] = useState<UploadProblem[]>([]);
  const toast = useToast();
  // Uploads finish in any order: each adds itself to the list as it is then.
  const latest = useRef(value);
  latest.current = value;

  async function upload(file: File, key: string) {
    onUploading(1);
    try {
      const stored = await uploadFile(file, (fraction) => setProgress((all) => all.map((p) => (p.key === key ? { ...p, fraction } : p))));
      latest.current = [...latest.current, { id: stored.id, name: stored.name }];
      onChange(latest.current);
    } catch (err) {
      console.error('Upload failed:', err);
      setProblems((all) => [...all, uploadProblem(err, file.name)]);
      toast({ title: failureTitle, description: `${file.name}: ${(err as Error).message}`, variant: 'destructive' });
    } finally {
      setProgress((all) => all.filter((p) => p.key !== key));
      onUploading(-1);
    }
  }

  function onPick(list: FileList | null) {
    const chosen = [...(list ?? [])];
    if (input.current) input.current.value = '';
    setProblems([]);
    const started = chosen.map((file, i) => ({ file, key: `${Date.now()}-${i}-${file.name}` }));
    setProgress((all) => [...all, ...started.map(({ file, key }) => ({ key, name: file.name, fraction: 0 }))]);
    for (const { file, key } of started) void upload(file, key);
  }

  return (
    <div className="grid gap-2">
      <input ref={input} id={id} type="file" multiple accept={ACCEPTED_FILES} className="sr-only" onChange={(e) => onPick(e.target.files)} />
      {value.length === 0 && progress.length === 0 && <span className="text-sm text-muted-foreground">No files chosen</span>}
      <ul className="grid gap-1.5" aria-label="Attached files">
        {value.map((file) => (
          <li key={file.id} className="flex min-w-0 items-center gap-2 rounded-md border bg-muted/40 px-2 py-1 text-sm">
            <FileText className="size-4 shrink-0 text-primary" aria-hidden />
            <a href={fileUrl(file.id)} target="_blank" rel="noopener" className="min-w-0 flex-1 truncate hover:underline">
              {file.name}
            </a>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Remove ${file.name}`}
              title="Remove"
              onClick={() => onChange(value.filter((f) => f.id !== file.id))}
            >
              <X />
            </Button>
          </li>
        ))}
        {progress.map((p) => (
          <li key={p.key} className="grid gap-1 rounded-md border border-dashed px-2 py-1 text-sm text-muted-foreground">
            <span className="truncate">Uploading {p.name}...</span>
            <progress className="h-1.5 w-full accent-primary" max={1} value={p.fraction} aria-label={`Uploading ${p.name}`} />
          </li>
        ))}
      </ul>
      {problems.map((problem, i) => (
        <UploadProblemNote key={i} problem={problem} />
      ))}
      <div>
        <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
          <Upload /> {value.length > 0 ? 'Add More Files' : 'Choose Files'}
        </Button>
      </div>
    </div>
  );
}
