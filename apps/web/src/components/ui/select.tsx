import { Select as S } from 'radix-ui';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '../../lib/utils';
import { inputClasses } from './input';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectProps {
  value: string;
  onValueChange(value: string): void;
  options: readonly SelectOption[];
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  placeholder?: string;
  className?: string;
  disabled?: boolean;
}

/** A styled Radix select. (Radix reserves the empty string, so 'All ...' options use a sentinel value.) */
export function Select({ value, onValueChange, options, id, placeholder, className, disabled, ...aria }: SelectProps) {
  return (
    <S.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <S.Trigger
        id={id}
        aria-label={aria['aria-label']}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
        className={cn(inputClasses, 'items-center justify-between gap-2 text-left', className)}
      >
        <S.Value placeholder={placeholder} />
        <S.Icon>
          <ChevronDown className="size-4 opacity-60" />
        </S.Icon>
      </S.Trigger>
      <S.Portal>
        <S.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-80 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border bg-card text-card-foreground shadow-lg"
        >
          <S.Viewport className="p-1">
            {options.map((option) => (
              <S.Item
                key={option.value}
                value={option.value}
                className="relative flex cursor-pointer select-none items-center rounded-sm py-1.5 pl-7 pr-2 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground"
              >
                <S.ItemIndicator className="absolute left-2">
                  <Check className="size-4" />
                </S.ItemIndicator>
                <S.ItemText>{option.label}</S.ItemText>
              </S.Item>
            ))}
          </S.Viewport>
        </S.Content>
      </S.Portal>
    </S.Root>
  );
}

/** Options whose label is their value, unless `labels` shows one under another name. */
export const optionsOf = (values: readonly string[], labels?: Readonly<Record<string, string>>): SelectOption[] =>
  values.map((value) => ({ value, label: labels?.[value] ?? value }));
