// The two alerts of the login and registration forms (SPEC §5 warning for bad input, §8 danger for a failed call).

export function WarningAlert({ id, messages }: { id?: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div id={id} className="alert alert--warning" role="alert">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

export function DangerAlert({ id, message }: { id?: string; message: string | null }) {
  if (!message) return null;
  return (
    <div id={id} className="alert alert--danger" role="alert">
      <p>{message}</p>
    </div>
  );
}
