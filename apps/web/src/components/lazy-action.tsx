import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Button } from './ui/button';

/**
 * A screen's action button whose dialog is its own chunk, loaded when first opened (the first visit and the
 * screen's chunk stay as they were).
 */
export function lazyAction(label: string, load: () => Promise<{ default: ComponentType<{ open: boolean; onOpenChange(open: boolean): void }> }>) {
  const Dialog = lazy(load);
  function Action() {
    const [open, setOpen] = useState(false);
    const [opened, setOpened] = useState(false);
    return (
      <>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          {label}
        </Button>
        {opened && (
          <Suspense fallback={null}>
            <Dialog open={open} onOpenChange={setOpen} />
          </Suspense>
        )}
      </>
    );
  }
  return <Action key={label} />;
}
