import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startEmbedded } from '../../src/embedded.js';
import { freePort, type GatewayProcess, startGatewayProcess } from '../support/gateways/role-process.js';

/**
 * /metrics says how busy a gateway is, so it is not for anyone on the public port: it is served
 * on a listener of its own (METRICS_PORT, loopback by default), and on the public port only when
 * the operator opts in with METRICS_TOKEN, to that token alone. Each case runs Tollgate as the
 * operator would, as its own process (`main.ts all`).
 */
const TOKEN = 'metrics-token-0123456789';

async function startTollgate(env: Record<string, string>): Promise<{ gateway: GatewayProcess; metricsUrl: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-metrics-'));
  const metricsPort = await freePort();
  const gateway = await startGatewayProcess({ DATA_DIR: dataDir, METRICS_PORT: String(metricsPort), ...env }, 90_000, 'all');
  return {
    gateway,
    metricsUrl: `http://127.0.0.1:${metricsPort}`,
    close: async () => {
      await gateway.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const scrape = (url: string, token?: string) => fetch(`${url}/metrics`, { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

describe('the metrics listener, no token', () => {
  let tollgate: Awaited<ReturnType<typeof startTollgate>>;

  beforeAll(async () => {
    tollgate = await startTollgate({});
  }, 120_000);
  afterAll(() => tollgate?.close());

  it('answers 404 for /metrics on the public port', async () => {
    const response = await scrape(tollgate.gateway.url);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('tollgate_');
  });

  it('serves the Prometheus text on its own port, and nothing else there', async () => {
    const response = await scrape(tollgate.metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('# TYPE tollgate_gateway_overhead_seconds histogram');
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect((await fetch(`${tollgate.metricsUrl}/api/status`)).status).toBe(404);
  });
});

describe('the metrics listener with METRICS_TOKEN', () => {
  let tollgate: Awaited<ReturnType<typeof startTollgate>>;

  beforeAll(async () => {
    tollgate = await startTollgate({ METRICS_TOKEN: TOKEN });
  }, 120_000);
  afterAll(() => tollgate?.close());

  it('refuses a scrape without the token, or with another, on either port', async () => {
    for (const url of [tollgate.metricsUrl, tollgate.gateway.url]) {
      for (const token of [undefined, 'wrong-token-0123456789', `${TOKEN}x`]) {
        const response = await scrape(url, token);
        expect(response.status, `${url} ${token}`).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer');
        expect(await response.text()).not.toContain('tollgate_');
      }
    }
  });

  it('serves the token on the metrics port and, opted in by the token, on the public port', async () => {
    for (const url of [tollgate.metricsUrl, tollgate.gateway.url]) {
      const response = await scrape(url, TOKEN);
      expect(response.status, url).toBe(200);
      expect(await response.text()).toContain('# TYPE tollgate_gateway_response_seconds histogram');
    }
  });
});

describe('the metrics listener on a port already taken', () => {
  it('fails the start loudly, before the public port opens', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => taken.once('listening', resolve));
    const metricsPort = (taken.address() as { port: number }).port;
    const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-metrics-'));
    try {
      const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', METRICS_PORT: String(metricsPort) });
      await expect(startEmbedded(config)).rejects.toThrow(/EADDRINUSE/);
    } finally {
      taken.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
