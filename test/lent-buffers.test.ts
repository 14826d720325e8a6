// Buffers lent for a response's body (server/http/lent-buffers.ts): a slab is lent again only after
// the response that held it has been written, so a body is never overwritten while it is sent.
import { expect } from 'chai';
import { once } from 'node:events';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { Socket, type AddressInfo } from 'node:net';
import { createLentBuffers } from '../server/http/lent-buffers.ts';

describe('lent buffers', () => {
  it('lends a slab again only once the response holding it has been written, and its bytes arrive intact', async () => {
    const lent = createLentBuffers();
    const slabs: ArrayBufferLike[] = [];
    const waiting: { res: ServerResponse; body: Buffer }[] = [];
    // Each answer is 1,000 times the path's letter. /a and /b hold their slabs at once, then both are written.
    const server = createServer((req, res) => {
      const body = lent.lend(1000, res).fill(req.url!.charCodeAt(1));
      slabs.push(body.buffer);
      if (req.url === '/c') return void res.end(body);
      waiting.push({ res, body });
      if (waiting.length === 2) for (const held of waiting) held.res.end(held.body);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const text = async (path: string) => (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`)).text();
    try {
      expect(await Promise.all([text('/a'), text('/b')])).to.deep.equal(['a'.repeat(1000), 'b'.repeat(1000)]);
      expect(slabs[0]).to.not.equal(slabs[1]);
      expect(await text('/c')).to.equal('c'.repeat(1000));
      expect(slabs.slice(0, 2)).to.include(slabs[2]);
    } finally {
      server.close();
    }
  });

  it('gives a body longer than a slab a buffer of its own', () => {
    const body = createLentBuffers().lend(100_000, new ServerResponse(new IncomingMessage(new Socket())));
    expect(body.length).to.equal(100_000);
    expect(body.buffer.byteLength).to.equal(100_000);
  });
});
