/**
 * A multipart/form-data body read whole, as a simulator may: the sandbox lenders take at most one item's files at
 * a time. Strict: a body that does not follow RFC 7578's shape answers null rather than a guess.
 */

export interface MultipartPart {
  readonly name: string;
  readonly contentType: string | null;
  readonly data: Buffer;
}

function boundaryOf(contentType: string): string | null {
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

function headersOf(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

export function parseMultipart(body: Buffer, contentType: string): MultipartPart[] | null {
  const boundary = boundaryOf(contentType);
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const between = Buffer.from(`\r\n--${boundary}`);
  const parts: MultipartPart[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) return null;
  for (;;) {
    const after = at + delimiter.length;
    if (body.subarray(after, after + 2).toString('latin1') === '--') return parts;
    if (body.subarray(after, after + 2).toString('latin1') !== '\r\n') return null;
    const headerEnd = body.indexOf('\r\n\r\n', after + 2);
    if (headerEnd < 0) return null;
    const headers = headersOf(body.subarray(after + 2, headerEnd).toString('utf8'));
    const name = /\bname="([^"]*)"/.exec(headers.get('content-disposition') ?? '')?.[1];
    if (name === undefined) return null;
    const next = body.indexOf(between, headerEnd + 4);
    if (next < 0) return null;
    parts.push({ name, contentType: headers.get('content-type') ?? null, data: body.subarray(headerEnd + 4, next) });
    at = next + 2;
  }
}
