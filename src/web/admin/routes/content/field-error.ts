// The shared input schemas word their messages after the field ('is required', 'must be …'); on a
// form they read as one sentence with the field's label in front.

export function fieldError(label: string, error: { message?: unknown } | undefined): string | undefined {
  const message = error?.message;
  if (typeof message !== 'string' || !message) return undefined;
  return /^[a-z]/.test(message) ? `${label} ${message}` : message;
}
