import { lazy, Suspense, useState } from 'react';
import { Upload } from 'lucide-react';
import { Button } from '../ui/button';
import type { ImportDialogProps } from './import-dialog';

// Its own chunk, loaded when first opened: most visits to a list never import.
const ImportDialog = lazy(() => import('./import-dialog'));

/**
 * The list toolbar's Import button and its dialog. Once opened, the dialog stays mounted while the page is: a run
 * under way goes on being followed (and announced when it ends) after the dialog is closed.
 */
export function ImportAction(props: Omit<ImportDialogProps, 'open' | 'onOpenChange'>) {
  const [shown, setShown] = useState<'never' | 'open' | 'closed'>('never');
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setShown('open')}>
        <Upload aria-hidden /> Import
      </Button>
      {shown !== 'never' && (
        <Suspense fallback={null}>
          <ImportDialog open={shown === 'open'} onOpenChange={(open) => setShown(open ? 'open' : 'closed')} {...props} />
        </Suspense>
      )}
    </>
  );
}
