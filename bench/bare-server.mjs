// The baseline: a bare express route returning a small JSON document.
import express from 'express';

const app = express();
app.get('/bare', (_req, res) => {
  res.json({ status: 'ok', items: [{ id: 1, title: 'baseline' }] });
});
app.listen(Number(process.env.PORT), '127.0.0.1');
