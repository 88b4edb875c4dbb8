import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, createTokenKey } from '../support/clients/console-client.js';
import { type GatewayProcess, startGatewayProcess } from '../support/gateways/role-process.js';

const MB = 1024 * 1024;

/** A gateway process's resident memory now, from the kernel. */
function rssBytes(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line?.[1]) throw new Error(`no VmRSS for ${pid}`);
  return Number(line[1]) * 1024;
}

/** One OpenAI stream chunk of about 16 KiB of plain words (nothing a tokenizer finds hard). */
const chunk = `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta: { content: 'slow reader '.repeat(1365) } }] })}\n\n`;

/**
 * An upstream that streams the set number of bytes of SSE per call as fast as the gateway reads it (it
 * writes while its socket takes more, and waits for 'drain' when not), counting what it wrote.
 */
function startFastUpstream(): Promise<{ server: Server; url: string; written: () => number; streamBytes: (bytes: number) => void }> {
  let written = 0;
  let streamBytes = 0;
  const stream = async (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (let sent = 0; sent < streamBytes && !res.destroyed; sent += chunk.length) {
      written += chunk.length;
      if (!res.write(chunk)) await new Promise((resolve) => { res.once('drain', resolve); res.once('close', resolve); });
    }
    if (!res.destroyed) res.end('data: [DONE]\n\n');
  };
  const server = createServer((req, res) => {
    req.resume();
    req.once('end', () => {
      stream(res).catch(() => res.destroy());
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    resolve({ server, url: `http://127.0.0.1:${port}`, written: () => written, streamBytes: (bytes) => { streamBytes = bytes; } });
  }));
}

/** A client that asks for a stream, takes its first bytes, then stops reading (its socket paused). */
function slowReader(url: string, key: string): Promise<Socket> {
  const { port } = new URL(url);
  const body = JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'hi' }] });
  const socket = connect(Number(port), '127.0.0.1');
  socket.on('error', () => {});
  socket.write(`POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  return new Promise((resolve) => socket.once('data', () => {
    socket.pause();
    resolve(socket);
  }));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens `clients` slow readers, then times /api/status every 200 ms for `watchMs`; the gateway's RSS
 * is read every 50 ms from the first reader on, so the peak of the opening burst counts too.
 */
async function stallReaders(gateway: GatewayProcess, key: string, clients: number, watchMs: number) {
  let peak = rssBytes(gateway.pid);
  const sampler = setInterval(() => { peak = Math.max(peak, rssBytes(gateway.pid)); }, 50);
  try {
    const readers = await Promise.all(Array.from({ length: clients }, () => slowReader(gateway.url, key)));
    const statusTimes: number[] = [];
    for (let waited = 0; waited < watchMs; waited += 200) {
      await sleep(200);
      const started = Date.now();
      expect((await fetch(`${gateway.url}/api/status`)).status).toBe(200);
      statusTimes.push(Date.now() - started);
    }
    return { readers, peak: Math.max(peak, rssBytes(gateway.pid)), statusMaxMs: Math.max(...statusTimes) };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Issue #33 item 5: 100 clients reading 4 MB streams slowly made the upstream write nearly all of
 * its 400 MB into the gateway, whose memory doubled and stayed up after they left. A slow client
 * must slow its upstream, each stream's buffer is bounded, and the memory comes back.
 */
describe('slow readers of long streams', () => {
  let gateway: GatewayProcess;
  let upstream: Awaited<ReturnType<typeof startFastUpstream>>;
  let dataDir: string;
  let key: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tollgate-slow-'));
    upstream = await startFastUpstream();
    gateway = await startGatewayProcess({ DATA_DIR: dataDir, GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0' }, 90_000, 'all');
    const root = new ConsoleClient(gateway.url);
    await root.login('root', '123456');
    await root.must('POST', '/api/channel/', { name: 'fast', type: 1, key: 'sk-up', base_url: upstream.url, models: 'gpt-4o-mini', group: 'default' });
    ({ key } = await createTokenKey(root, { name: 'slow', remain_quota: 0, unlimited_quota: true, expired_time: -1 }));
    // Warm up: a few whole streams, so the baseline is a gateway that has served this kind of call.
    upstream.streamBytes(4 * MB);
    for (let i = 0; i < 3; i++) (await slowReader(gateway.url, key)).destroy();
    await sleep(2_000);
  }, 120_000);

  afterAll(async () => {
    await gateway?.stop();
    upstream?.server.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('100 readers of 4 MB streams: RSS grows under 100 MB, other calls are answered, and it comes back within 10% of its baseline', async () => {
    upstream.streamBytes(4 * MB);
    const baseline = rssBytes(gateway.pid);
    const { readers, peak, statusMaxMs } = await stallReaders(gateway, key, 100, 3_000);
    for (const reader of readers) reader.destroy();
    // V8's memory reducer gives the heap back once the allocation rate falls: about 10 s here.
    const left = Date.now();
    let after = rssBytes(gateway.pid);
    while (Date.now() - left < 45_000 && after > baseline * 1.1) {
      await sleep(500);
      after = rssBytes(gateway.pid);
    }
    const figures = JSON.stringify({ baselineMB: baseline / MB, peakMB: peak / MB, afterMB: after / MB, backWithinMs: Date.now() - left, statusMaxMs });
    console.info('100 slow readers of 4 MB:', figures);
    // Measured before (one run): +658 MB at the peak and still +509 MB 30 s after they left. Now,
    // the peak read every 50 ms from the first reader on (six runs, two beside a busy core): +33 to
    // +59 MB, and back within 10% at once or within 45 s.
    expect(peak - baseline, figures).toBeLessThan(100 * MB);
    expect(after, figures).toBeLessThanOrEqual(baseline * 1.1);
    expect(statusMaxMs, figures).toBeLessThan(1_000);
    expect(gateway.ended()).toBeNull();
  }, 90_000);

  it('20 readers of 32 MB streams: the gateway reads each upstream at its reader\'s pace', async () => {
    // On loopback the kernel takes about 4 MB of each connection into its buffers whatever the
    // gateway does; streams of 32 MB leave 28 MB of each that only the gateway's pacing keeps upstream.
    const streamBytes = 32 * MB;
    upstream.streamBytes(streamBytes);
    const baseline = rssBytes(gateway.pid);
    const writtenBefore = upstream.written();
    const { readers, peak } = await stallReaders(gateway, key, 20, 3_000);
    const written = upstream.written() - writtenBefore;
    for (const reader of readers) reader.destroy();
    const figures = JSON.stringify({ baselineMB: baseline / MB, peakMB: peak / MB, upstreamWrittenMB: written / MB, ofMB: (20 * streamBytes) / MB });
    console.info('20 slow readers of 32 MB:', figures);
    // Before the gateway paced its reads (one run): the upstream wrote 639 of 640 MB. Paced: 161 MB.
    expect(written, figures).toBeLessThan((20 * streamBytes) / 3);
    expect(peak - baseline, figures).toBeLessThan(100 * MB);
    expect(gateway.ended()).toBeNull();
  }, 60_000);
});
