/**
 * A local SMTP server (no TLS, no login) on a free port, handing each message it receives to `onMail` and counting
 * the connections clients open.
 */
export async function listenSmtp(
  onMail: (to: string[], data: Buffer) => void,
): Promise<{ url: string; connections(): number; close(): Promise<void> }> {
  const { SMTPServer } = await import('smtp-server');
  let connections = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        onMail(
          session.envelope.rcptTo.map((r) => r.address),
          Buffer.concat(chunks),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
