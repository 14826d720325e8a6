// The benches' baseline: a bare node:http server writing kept bytes, the least a server on node:http
// can do for them (started by startBareServer in support.ts). `node bench/bare-server.ts <port>
// <answers.json>`: each answer's path (the URL as sent), its header list and the file of its body.
// Everything is read once; a request is a Map lookup, one writeHead with a flat header list (node
// reads no object's keys) and one end: no log, no negotiation, no revalidation.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

interface Answer {
  path: string;
  headers: (string | number)[];
  bodyFile: string;
}
const [port, manifest] = process.argv.slice(2);
const answers = new Map(
  (JSON.parse(readFileSync(manifest, 'utf8')) as Answer[]).map(({ path, headers, bodyFile }) => [path, { headers, body: readFileSync(bodyFile) }] as const),
);
const NOT_FOUND = { headers: ['Content-Length', 0], body: Buffer.alloc(0) };

createServer((req, res) => {
  const answer = answers.get(req.url ?? '');
  res.writeHead(answer ? 200 : 404, (answer ?? NOT_FOUND).headers);
  res.end(answer?.body);
}).listen(Number(port), '127.0.0.1');
