import { Link } from 'react-router';
import { ArrowLeft, RotateCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ApiError } from '../../lib/api';

/** The parts a report and the KPI dashboard share: the way back, a failed answer, and the notes. */

export function BackToReporting() {
  return (
    <Link to="/reporting" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden /> Dashboard &amp; Reporting
    </Link>
  );
}

/** An answer that failed: the server's title and message, and Retry. */
export function AnswerFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Card role="alert" className="grid gap-3 p-6">
      <p className="font-medium">{error instanceof ApiError ? error.title : 'Error'}</p>
      <p className="text-sm text-muted-foreground">{error.message}</p>
      <Button variant="outline" className="w-fit" onClick={onRetry}>
        <RotateCw aria-hidden /> Retry
      </Button>
    </Card>
  );
}

/** What an answer left out and why (none: nothing shown). */
export function AnswerNotes({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notes</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
