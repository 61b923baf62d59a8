import http from 'node:http';
import type { Registry } from 'prom-client';

export interface HealthState {
  tenant: string;
  channels: string[];
  lastPull(): Record<string, string>;
  stopping(): boolean;
}

/** GET /healthz (JSON) and GET /metrics (Prometheus text) on a small port; nothing else. */
export function createHealthServer(registry: Registry, state: HealthState): http.Server {
  return http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (path === '/metrics') {
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
      return;
    }
    if (path === '/healthz') {
      const stopping = state.stopping();
      const body = {
        status: stopping ? 'stopping' : 'ok',
        tenant: state.tenant,
        channels: state.channels,
        last_pull_at: state.lastPull(),
      };
      res
        .writeHead(stopping ? 503 : 200, { 'content-type': 'application/json' })
        .end(JSON.stringify(body));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
  });
}
