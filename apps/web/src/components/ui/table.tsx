import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const Table = ({ className, containerClassName, ...props }: ComponentProps<'table'> & { containerClassName?: string }) => (
  <div className={cn('relative w-full overflow-auto', containerClassName)}>
    <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
  </div>
);
export const TableHeader = (props: ComponentProps<'thead'>) => <thead className="[&_tr]:border-b" {...props} />;
export const TableBody = (props: ComponentProps<'tbody'>) => <tbody className="[&_tr:last-child]:border-0" {...props} />;
export const TableRow = ({ className, ...props }: ComponentProps<'tr'>) => (
  <tr className={cn('border-b transition-colors hover:bg-muted/50', className)} {...props} />
);
export const TableHead = ({ className, ...props }: ComponentProps<'th'>) => (
  <th
    scope="col"
    className={cn(
      'sticky top-0 z-10 bg-card h-10 px-3 text-left align-middle text-xs font-medium uppercase tracking-wide text-muted-foreground whitespace-nowrap truncate',
      className,
    )}
    {...props}
  />
);
export const TableCell = ({ className, ...props }: ComponentProps<'td'>) => <td className={cn('px-3 py-2.5 align-middle', className)} {...props} />;
