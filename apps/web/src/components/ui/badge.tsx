import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** Badge colours named as the specification names them. */
const tones = {
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-500/20 dark:text-blue-200',
  green: 'bg-green-100 text-green-800 dark:bg-green-500/20 dark:text-green-200',
  yellow: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-500/20 dark:text-yellow-200',
  orange: 'bg-orange-100 text-orange-800 dark:bg-orange-500/20 dark:text-orange-200',
  red: 'bg-red-100 text-red-800 dark:bg-red-500/20 dark:text-red-200',
  gray: 'bg-slate-100 text-slate-700 dark:bg-slate-500/20 dark:text-slate-200',
  purple: 'bg-purple-100 text-purple-800 dark:bg-purple-500/20 dark:text-purple-200',
  cyan: 'bg-cyan-100 text-cyan-800 dark:bg-cyan-500/20 dark:text-cyan-200',
  teal: 'bg-teal-100 text-teal-800 dark:bg-teal-500/20 dark:text-teal-200',
  emerald: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-200',
  lime: 'bg-lime-100 text-lime-800 dark:bg-lime-500/20 dark:text-lime-200',
} as const;
export type BadgeTone = keyof typeof tones;

export function Badge({ tone = 'gray', className, ...props }: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap', tones[tone], className)} {...props} />
  );
}
