// Log lines as an operator sees them on standard output: request lines may wait in the buffer,
// every other line shows at once, and a crash writes out whatever was waiting.
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { root } from './process-helpers.ts';

/** Runs a module body in a child process with the logger; collects stdout with the time of each chunk. */
function runWithLogger(body: string) {
  const source = `import { createLogger, exitOnCrash } from './server/logger.ts';\nconst logger = createLogger('info');\n${body}`;
  const child = spawn('node', ['--input-type=module-typescript', '-e', source], { cwd: root });
  const chunks: { at: number; text: string }[] = [];
  const started = Date.now();
  child.stdout.on('data', (c) => chunks.push({ at: Date.now() - started, text: String(c) }));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, chunks, exit, lines: () => chunks.map((c) => c.text).join('').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) };
}

describe('log output', () => {
  it('holds request lines back, and writes them out with the next other line, at once', async () => {
    const run = runWithLogger(`
      logger.info({ reqId: 'a', status: 200 }, 'request');
      logger.info({ reqId: 'b', status: 200 }, 'request');
      setTimeout(() => logger.info('iconmeta listening'), 600);
      setTimeout(() => process.exit(0), 1200);
    `);
    expect(await run.exit).to.equal(0);
    expect(run.lines().map((l) => l.msg)).to.deep.equal(['request', 'request', 'iconmeta listening']);
    // Nothing showed before the listening line (the request lines waited), then all at once.
    expect(run.chunks[0].at).to.be.at.least(550);
  });

  it('writes out the waiting request lines and a fatal line when the process crashes', async () => {
    const run = runWithLogger(`
      exitOnCrash(logger, 1);
      logger.info({ reqId: 'a', status: 200 }, 'request');
      logger.info({ reqId: 'b', status: 500 }, 'request');
      setTimeout(() => { throw new Error('boom'); }, 100);
    `);
    expect(await run.exit).to.equal(1);
    const lines = run.lines();
    expect(lines.map((l) => l.reqId ?? l.msg)).to.deep.equal(['a', 'b', 'crashed']);
    expect(lines[2]).to.include({ level: 60 });
    expect(lines[2].err.message).to.equal('boom');
  });

  it('exits on a crash when its standard output is closed (the reader of its pipe gone), not retrying the write', async () => {
    const run = runWithLogger(`
      exitOnCrash(logger, 1);
      setTimeout(() => {
        // Past the 64 KiB buffer: one chunk being written when the crash comes, more waiting.
        for (let i = 0; i < 2000; i++) logger.info({ reqId: 'r' + i, status: 200 }, 'request');
        throw new Error('boom');
      }, 300);
    `);
    run.child.stdout.destroy();
    const exited = await Promise.race([run.exit, new Promise((resolve) => setTimeout(() => resolve('still running after 5 s'), 5000).unref())]);
    if (exited !== 1) run.child.kill('SIGKILL');
    expect(exited).to.equal(1);
  });

  it('writes every request line once, whole and in order, past the buffer and in any script', async () => {
    // 3,000 lines of ~150 bytes fill the 64 KiB buffer several times; some paths are not ASCII.
    const run = runWithLogger(`
      for (let i = 0; i < 3000; i++) logger.info({ reqId: 'r' + i, path: i % 7 ? '/icons' : '/icônes/✓/𝄞' }, 'request');
      logger.info('done');
      setTimeout(() => process.exit(0), 200);
    `);
    expect(await run.exit).to.equal(0);
    const lines = run.lines();
    expect(lines).to.have.length(3001);
    expect(lines.slice(0, 3000).map((l) => l.reqId)).to.deep.equal(Array.from({ length: 3000 }, (_, i) => `r${i}`));
    expect(lines[7].path).to.equal('/icônes/✓/𝄞');
    expect(lines[3000].msg).to.equal('done');
  });
});
