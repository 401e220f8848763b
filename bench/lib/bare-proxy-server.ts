// The floor of any proxy hop in Node: a bare http server passing each request to points over an
// undici pool and answering with the body it got back. No routing, auth, limits or logs.
import http from 'node:http';

import { Pool } from 'undici';

import { serveInChild } from './child.ts';

const PREFIX = '/api/v1';
const upstream = new Pool(process.env.POINTS_URL!, { connections: 128, pipelining: 1 });
const server = http.createServer((req, res) => {
  const headers = { ...req.headers };
  delete headers.connection;
  delete headers.host;
  upstream.request({ path: req.url!.slice(PREFIX.length), method: 'GET', headers }).then(
    async (up) => {
      const body = await up.body.text();
      res.writeHead(up.statusCode, {
        'content-type': String(up.headers['content-type']),
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    },
    () => {
      res.statusCode = 503;
      res.end();
    },
  );
});
serveInChild(server);
