// The baseline: a bare express route returning a small JSON document, and
// one returning as many bytes as an answer (held in memory, as our response
// cache holds it), so a route's own cost is told from the transfer's.
// `?fill=random` makes them incompressible, as a compressed answer's are:
// the load generator reads such bytes about ten times slower than text.
import { randomBytes } from 'node:crypto';
import express from 'express';

const app = express();
app.get('/bare', (_req, res) => {
  res.json({ status: 'ok', items: [{ id: 1, title: 'baseline' }] });
});
const bodies = new Map();
app.get('/bytes/:n', (req, res) => {
  const n = Math.min(Math.max(Number.parseInt(req.params.n, 10) || 0, 0), 64 << 20);
  const random = req.query.fill === 'random';
  const key = `${n}:${random}`;
  let body = bodies.get(key);
  if (body === undefined) {
    body = random ? randomBytes(n) : Buffer.alloc(n, 0x20);
    bodies.set(key, body);
  }
  res.setHeader('content-type', 'application/json');
  res.setHeader('content-length', String(n));
  res.end(body);
});
app.listen(Number(process.env.PORT), '127.0.0.1');
