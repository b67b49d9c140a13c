import { useState, type MouseEvent, type ReactNode } from 'react';
import { useToast } from './ui/toast';

/** The file name of a Content-Disposition header (`attachment; filename="x.pdf"`), read without a pattern. */
export function attachmentName(disposition: string | null, fallback: string): string {
  if (!disposition || disposition.length > 500) return fallback;
  const at = disposition.indexOf('filename="');
  if (at < 0) return fallback;
  const end = disposition.indexOf('"', at + 10);
  return end > at + 10 ? disposition.slice(at + 10, end) : fallback;
}

/**
 * A link that downloads a file the server makes on request (a report's PDF or CSV). A plain `download` link would
 * save the server's refusal as the file (a 429 "Too Many Requests" saved as report.pdf); this one fetches it, saves
 * it under the server's file name when it came, and otherwise shows the server's {title, message} as a toast.
 */
export function FileDownloadLink({ href, className, fallbackName, children }: { href: string; className?: string; fallbackName: string; children: ReactNode }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(href, { credentials: 'same-origin' });
      if (!response.ok) {
        const answer = (await response.json().catch(() => null)) as { title?: string; message?: string } | null;
        toast({
          title: answer?.title ?? 'Download Failed',
          description: answer?.message ?? 'The file could not be made. Please try again.',
          variant: 'destructive',
        });
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = attachmentName(response.headers.get('content-disposition'), fallbackName);
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      // The browser has taken the file once the click is handled.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      toast({ title: 'Network Error', description: 'Could not reach the server. Check your connection and try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <a className={className} href={href} download onClick={(event) => void download(event)} aria-busy={busy}>
      {children}
    </a>
  );
}
