import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

// The static ceiling for a page: a plain Node HTTP server answering every request with the same recorded bytes
// and headers, no routing, no work. bench/run.ts starts it in a process of its own, like the app's.
const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: static-replay.ts RECORDING.json PORT');
const recording = JSON.parse(readFileSync(file, 'utf8')) as { headers: Record<string, string>; body: string };
const body = Buffer.from(recording.body, 'base64');
const headers = { ...recording.headers, 'content-length': String(body.byteLength) };
createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
