import { useId } from 'react';

type Failure = { error: string; field: string | null } | undefined;

/** A labelled input whose failure (from its form's action) is announced and tied to it. */
export function TextField({
  label,
  name,
  failure,
  hint,
  ...input
}: { label: string; name: string; failure?: Failure; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const invalid = failure?.field === name;
  const described = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {invalid ? (
        <p className="field-error" id={`${id}-error`}>
          {failure?.error}
        </p>
      ) : null}
    </div>
  );
}

/** A form's failure, announced when it appears. */
export function FormError({ failure }: { failure: Failure }) {
  return (
    <div role="alert" className={failure ? 'form-error' : undefined}>
      {failure ? failure.error : null}
    </div>
  );
}
