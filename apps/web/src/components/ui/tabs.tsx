import type { ComponentProps } from 'react';
import { Tabs as T } from 'radix-ui';
import { cn } from '../../lib/utils';

/** Radix Tabs: one Tab stop for the list, arrow keys between tabs (each shown as it gets focus), Home and End. */
export const Tabs = T.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof T.List>) {
  // On a narrow screen the tabs scroll sideways rather than wrap or widen the page.
  return <T.List className={cn('flex max-w-full overflow-x-auto border-b', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof T.Trigger>) {
  return (
    <T.Trigger
      className={cn(
        '-mb-px shrink-0 whitespace-nowrap border-b-2 border-transparent px-4 py-2.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground',
        'focus-visible:rounded-t-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:border-primary data-[state=active]:text-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof T.Content>) {
  return <T.Content className={cn('min-w-0 outline-none focus-visible:ring-2 focus-visible:ring-ring', className)} {...props} />;
}
