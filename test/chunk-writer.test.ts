// The log's writer (server/chunk-writer.ts): chunks written in order from buffers it hands back,
// so that a busy access log allocates nothing once its few buffers are made.
import { expect } from 'chai';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunkWriter } from '../server/chunk-writer.ts';

const written = (writer: ReturnType<typeof chunkWriter>) => new Promise<void>((resolve) => writer.whenWritten(resolve));

describe('the log chunk writer', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'chunk-writer-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('when the output keeps up, writes 60 chunks in order from no more than three buffers', async () => {
    const file = join(dir, 'out');
    const fd = openSync(file, 'w');
    const writer = chunkWriter(fd, 1024);
    const buffers = new Set<Buffer>();
    const expected: string[] = [];
    for (let i = 0; i < 60; i++) {
      const bytes = writer.fresh();
      buffers.add(bytes);
      const line = `chunk ${i}\n`;
      expected.push(line);
      writer.write(bytes, bytes.write(line));
      // A chunk queues behind the one being written, as lines come faster than one write.
      if (i % 2 === 1) await written(writer);
    }
    await written(writer);
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).to.equal(expected.join(''));
    expect(buffers.size).to.be.at.most(3);
  });

  it('when the output fails, drops what waits and what comes, and still says it is done', async () => {
    const file = join(dir, 'read-only');
    closeSync(openSync(file, 'w'));
    const fd = openSync(file, 'r'); // writes fail (EBADF)
    const writer = chunkWriter(fd, 64);
    for (let i = 0; i < 3; i++) {
      const bytes = writer.fresh();
      writer.write(bytes, bytes.write('line\n'));
    }
    await written(writer);
    const bytes = writer.fresh();
    writer.write(bytes, bytes.write('after\n'));
    writer.flushSync();
    await written(writer);
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).to.equal('');
  });

  it('writes what waits synchronously on flushSync, after the chunk being written', async () => {
    const file = join(dir, 'out');
    const fd = openSync(file, 'w');
    const writer = chunkWriter(fd, 64);
    for (const line of ['a\n', 'b\n', 'c\n']) {
      const bytes = writer.fresh();
      writer.write(bytes, bytes.write(line));
    }
    writer.flushSync(); // 'a' is in flight; 'b' and 'c' go now
    await written(writer);
    closeSync(fd);
    expect(readFileSync(file, 'utf8').split('\n').filter(Boolean).sort()).to.deep.equal(['a', 'b', 'c']);
  });
});
