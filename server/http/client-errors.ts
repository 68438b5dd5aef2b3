import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ApiError } from '../../domain/api.ts';
import { apiMessage } from './messages.ts';

/**
 * A request Node's parser refuses before Fastify sees it (headers over the limit, a malformed request line) is
 * answered here, on the raw socket: with the API's security headers and error shape like every other answer,
 * not the bare text Node or Fastify would send. The request's language is unknown: Latvian, the site's own.
 */
export function clientErrorAnswer(headers: Readonly<Record<string, string>>) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const body: ApiError = { error: 'malformedBody', message: apiMessage('lv', 'malformedBody') };
    const text = JSON.stringify(body);
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(text)}`,
      'connection: close',
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${text}`);
  };
}
