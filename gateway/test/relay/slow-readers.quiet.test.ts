import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, createTokenKey } from '../support/console-client.js';
import { type GatewayProcess, startGatewayProcess } from '../support/role-process.js';

/**
 * The issue measured 100 readers of 4 MB; on loopback the kernel takes 4 MB of each connection into
 * its send buffer (tcp_wmem's maximum here) whatever the gateway does, outside its memory. Streams
 * of 32 MB, 20 at once, leave 28 MB of each that only the gateway's own pacing keeps upstream.
 */
const CLIENTS = 20;
const STREAM_BYTES = 32 * 1024 * 1024;
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
 * An upstream that streams STREAM_BYTES of SSE per call as fast as the gateway reads it (it
 * writes while its socket takes more, and waits for 'drain' when not), counting what it wrote.
 */
function startFastUpstream(): Promise<{ server: Server; url: string; written: () => number }> {
  let written = 0;
  const stream = async (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (let sent = 0; sent < STREAM_BYTES && !res.destroyed; sent += chunk.length) {
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
    resolve({ server, url: `http://127.0.0.1:${port}`, written: () => written });
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
 * Issue #33 item 5: 100 clients reading 4 MB streams slowly made the upstream write nearly all of
 * its 400 MB into the gateway, whose memory doubled and stayed up after they left. A slow client
 * must slow its upstream: the gateway reads the upstream at the client's pace.
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
  }, 120_000);

  afterAll(async () => {
    await gateway?.stop();
    upstream?.server.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds the upstream back, keeps memory bounded while they stall, and gives it back when they leave', async () => {
    // Warm up: a few whole streams, so the baseline is a gateway that has served this kind of call.
    for (let i = 0; i < 3; i++) (await slowReader(gateway.url, key)).destroy();
    await sleep(2_000);
    const baseline = rssBytes(gateway.pid);
    const writtenBefore = upstream.written();

    const readers = await Promise.all(Array.from({ length: CLIENTS }, () => slowReader(gateway.url, key)));
    let peak = rssBytes(gateway.pid);
    const statusTimes: number[] = [];
    for (let i = 0; i < 15; i++) {
      await sleep(200);
      peak = Math.max(peak, rssBytes(gateway.pid));
      const started = Date.now();
      expect((await fetch(`${gateway.url}/api/status`)).status).toBe(200);
      statusTimes.push(Date.now() - started);
    }
    const written = upstream.written() - writtenBefore;
    for (const reader of readers) reader.destroy();

    let after = rssBytes(gateway.pid);
    for (let i = 0; i < 25 && after > baseline * 1.1 + 10 * MB; i++) {
      await sleep(200);
      after = rssBytes(gateway.pid);
    }
    const figures = { baselineMB: baseline / MB, peakMB: peak / MB, afterMB: after / MB, upstreamWrittenMB: written / MB, ofMB: (CLIENTS * STREAM_BYTES) / MB, statusMaxMs: Math.max(...statusTimes) };
    console.info('slow readers:', JSON.stringify(figures));
    // Before the gateway paced its reads (measured in one run): the upstream wrote 639 of 640 MB,
    // RSS rose by 1,114 MB and kept rising after the readers left (+1,589 MB). Paced: 161 MB written,
    // +205 MB at the peak, none of it growing after they left.
    expect(written, JSON.stringify(figures)).toBeLessThan((CLIENTS * STREAM_BYTES) / 3);
    expect(peak - baseline, JSON.stringify(figures)).toBeLessThan(300 * MB);
    expect(after, JSON.stringify(figures)).toBeLessThan(peak + 50 * MB);
    expect(gateway.ended()).toBeNull();
  });
});
