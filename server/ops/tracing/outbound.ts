import { context, propagation, SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
} from '@opentelemetry/semantic-conventions';
import { ATTR_URL_TEMPLATE } from './semconv-incubating.ts';
import { activeTracer, endingSpan } from './tracer.ts';

/**
 * How a call to a partner is named in its span: the URL's template (`/applications/{reference}/withdrawal`),
 * never the URL, whose path holds references and session ids and whose query may hold codes; and ids of our own
 * that are no personal data (the lender's id).
 */
export interface OutboundName {
  readonly template?: string;
  readonly attributes?: Attributes;
}

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * A client span around one HTTP exchange with a partner, its `traceparent` handed to `exchange` to send along
 * (the partner may continue the trace: the sandbox's lenders do, and their callbacks join it). While tracing is off
 * `exchange` gets an empty, shared object and runs as it is.
 */
export async function outboundCall<T extends { readonly status: number }>(
  method: string,
  url: string,
  name: OutboundName | undefined,
  exchange: (traceHeaders: Readonly<Record<string, string>>) => Promise<T>,
): Promise<T> {
  const tracer = activeTracer();
  if (tracer === null) return exchange(NO_HEADERS);
  const { hostname, port, protocol } = new URL(url);
  const span = tracer.startSpan(name?.template ? `${method} ${name.template}` : method, {
    kind: SpanKind.CLIENT,
    attributes: {
      [ATTR_HTTP_REQUEST_METHOD]: method,
      [ATTR_SERVER_ADDRESS]: hostname,
      [ATTR_SERVER_PORT]: Number(port) || (protocol === 'https:' ? 443 : 80),
      ...(name?.template ? { [ATTR_URL_TEMPLATE]: name.template } : {}),
      ...name?.attributes,
    },
  });
  const active = trace.setSpan(context.active(), span);
  const headers: Record<string, string> = {};
  propagation.inject(active, headers);
  return endingSpan(span, async () => {
    const answer = await context.with(active, () => exchange(headers));
    span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, answer.status);
    if (answer.status >= 400) {
      span.setAttribute(ATTR_ERROR_TYPE, String(answer.status));
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    return answer;
  });
}
