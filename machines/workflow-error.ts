/** What an actor's failure tells the machine: field errors of a 400, or a code the screens translate. */
export interface WorkflowError {
  readonly code: string;
  readonly status: number | null;
  readonly message?: string;
  readonly fields?: Readonly<Record<string, string>>;
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null;

const isTextEntry = (entry: [string, unknown]): entry is [string, string] => typeof entry[1] === 'string';

/**
 * A failure as the machine keeps it: plain data, never a class instance in the snapshot. Whatever an
 * actor threw that carries no code (a dropped connection, a bug) reads as a network failure, which the
 * screens offer to try again.
 */
export function workflowErrorOf(error: unknown): WorkflowError {
  const known = isRecord(error) ? error : {};
  const { code, status, message, fields } = known;
  return {
    code: typeof code === 'string' ? code : 'network',
    status: typeof status === 'number' ? status : null,
    ...(typeof message === 'string' ? { message } : {}),
    ...(isRecord(fields) ? { fields: Object.fromEntries(Object.entries(fields).filter(isTextEntry)) } : {}),
  };
}
