import type { ComponentProps } from 'react';
import { DropdownMenu as M } from 'radix-ui';
import { cn } from '../../lib/utils';

/** Not modal: the page behind a menu stays in the accessibility tree (a modal menu hides focusable content from it). */
export const DropdownMenu = (props: ComponentProps<typeof M.Root>) => <M.Root modal={false} {...props} />;
export const DropdownMenuTrigger = M.Trigger;

export function DropdownMenuContent({ className, sideOffset = 6, ...props }: ComponentProps<typeof M.Content>) {
  return (
    <M.Portal>
      <M.Content
        sideOffset={sideOffset}
        align="end"
        className={cn('z-50 min-w-48 rounded-md border bg-card p-1 text-card-foreground shadow-lg', className)}
        {...props}
      />
    </M.Portal>
  );
}
export const DropdownMenuItem = ({ className, ...props }: ComponentProps<typeof M.Item>) => (
  <M.Item
    className={cn(
      'flex cursor-pointer select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:size-4',
      className,
    )}
    {...props}
  />
);
export const DropdownMenuLabel = ({ className, ...props }: ComponentProps<typeof M.Label>) => (
  <M.Label className={cn('px-2 py-1.5 text-sm font-semibold', className)} {...props} />
);
export const DropdownMenuSeparator = ({ className, ...props }: ComponentProps<typeof M.Separator>) => (
  <M.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />
);
