import type { ComponentProps } from 'react';
import { Input, Label, Textarea } from './ui/input';

/** A label over a text input (or a text area), with an optional hint under it: the small forms of My Account and Settings. */
export function LabelledInput({
  id,
  label,
  hint,
  multiline,
  ...input
}: ComponentProps<'input'> & { id: string; label: string; hint?: string; multiline?: boolean }) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {multiline ? (
        <Textarea
          id={id}
          aria-describedby={hintId}
          value={input.value}
          onChange={input.onChange as ComponentProps<'textarea'>['onChange']}
          maxLength={input.maxLength}
        />
      ) : (
        <Input id={id} aria-describedby={hintId} {...input} />
      )}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
