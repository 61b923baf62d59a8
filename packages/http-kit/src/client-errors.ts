import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ProblemBody, problemBody } from './http-error.js';

/** What Node's HTTP parser refused, as the problem the client is told about. */
function problemOf(code: string | undefined): ProblemBody {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      // Node cannot say whether the request line or a header overflowed, so
      // 431 (not 414) is the one status true of both.
      return problemBody(
        431,
        'the request line and headers exceed the 16 KB limit: shorten the query string ' +
          'or the headers (large inputs belong in a request body)',
      );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return problemBody(408, 'the request did not arrive in time');
    default:
      return problemBody(400, 'malformed HTTP request');
  }
}

/**
 * Requests Node refuses before any route runs (oversize request line or
 * headers, malformed HTTP) get a problem+json answer like every other
 * error, instead of Node's bare status line. Attached by `serve`.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const problem = problemOf(err.code);
    const body = JSON.stringify({ ...problem, request_id: randomUUID() });
    socket.end(
      `HTTP/1.1 ${problem.status} ${problem.title}\r\n` +
        'Content-Type: application/problem+json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
