import { useLingui } from '@lingui/react';

// The two alerts of the login and registration forms (SPEC §5 warning for bad input, §8 danger for a failed call).

// The messages are the English texts of the forms' schemas and of the API (declared with /*i18n*/ where they are defined):
// the alerts show them in the site's language.
export function WarningAlert({ id, messages }: { id?: string; messages: readonly string[] }) {
  const { i18n } = useLingui();
  if (messages.length === 0) return null;
  return (
    <div id={id} className="alert alert--warning" role="alert">
      {messages.map((message) => (
        <p key={message}>{i18n._(message)}</p>
      ))}
    </div>
  );
}

export function DangerAlert({ id, message }: { id?: string; message: string | null }) {
  const { i18n } = useLingui();
  if (!message) return null;
  return (
    <div id={id} className="alert alert--danger" role="alert">
      <p>{i18n._(message)}</p>
    </div>
  );
}
