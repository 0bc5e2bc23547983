import type { ComponentProps, ReactNode } from 'react';

type Ids = readonly (string | false | null | undefined)[];
type InputProps = ComponentProps<'input'> & { id: string } & { [data: `data-${string}`]: string | boolean | undefined };

function joinIds(ids: Ids | undefined): string | undefined {
  return ids?.filter(Boolean).join(' ') || undefined;
}

/**
 * One labelled input. `invalid` sets aria-invalid; `describedBy` lists the ids that describe the input
 * (its error first, then any help), skipping empty entries. `children` follow the input (help text).
 */
export function Field({
  label,
  inputProps,
  invalid = false,
  describedBy,
  className = 'field',
  children,
}: {
  label: ReactNode;
  inputProps: InputProps;
  invalid?: boolean;
  describedBy?: Ids;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className || undefined}>
      <label htmlFor={inputProps.id}>{label}</label>
      <input {...inputProps} aria-invalid={invalid || undefined} aria-describedby={joinIds(describedBy)} />
      {children}
    </div>
  );
}

/** A checkbox with its label after it. */
export function CheckboxField({
  label,
  inputProps,
  className = 'checkbox-row',
}: {
  label: ReactNode;
  inputProps: Omit<InputProps, 'type'>;
  className?: string;
}) {
  return (
    <div className={className}>
      <input {...inputProps} type="checkbox" />
      <label htmlFor={inputProps.id}>{label}</label>
    </div>
  );
}

/**
 * A form's errors, announced as an alert: nothing when there are none, one paragraph for one error,
 * a paragraph each inside one alert for several.
 */
export function ErrorList({
  id,
  errors,
  className = 'form-error',
}: {
  id?: string;
  errors: readonly (string | null | undefined | false)[] | string | null | undefined;
  className?: string;
}) {
  const list = (typeof errors === 'string' ? [errors] : (errors ?? [])).filter((e): e is string => Boolean(e));
  if (list.length === 0) return null;
  if (list.length === 1)
    return (
      <p id={id} className={className} role="alert">
        {list[0]}
      </p>
    );
  return (
    <div id={id} className={className} role="alert">
      {list.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}
