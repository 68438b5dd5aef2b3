-- issue 35, one application's path as one trace: the W3C traceparent of the span its submission was stored under,
-- kept while tracing is on (null otherwise), so that the lenders' sends after its identification, their answers
-- and the status pushes continue the submission's trace. A trace and span id, nothing of the person.
ALTER TABLE applications ADD COLUMN trace_parent text;
