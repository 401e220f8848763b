// The balance floor: the hops of points' GET /points/balance with none of our code — an HTTP
// request in, one PostgreSQL round trip (the caller's account row by key, a named prepared
// statement) and a JSON answer out. No routing, validation, identity check, logging or rules.
import http from 'node:http';

import pg from 'pg';

import { serveInChild } from './child.ts';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  options: `-c search_path=${process.env.BENCH_FLOOR_SCHEMA!}`,
});
const server = http.createServer((req, res) => {
  const userId = String(req.headers['x-honne-user-id'] ?? '');
  pool
    .query<{ balance: number; purchased: number }>({
      name: 'floor_balance',
      text: 'select balance, purchased from accounts where user_id = $1',
      values: [userId],
    })
    .then(
      ({ rows }) => {
        const body = JSON.stringify({
          data: { user_id: userId, balance: rows[0]?.balance ?? 0, purchased: rows[0]?.purchased ?? 0 },
          status: 200,
        });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      },
      () => {
        res.statusCode = 503;
        res.end();
      },
    );
});
serveInChild(server, () => pool.end());
