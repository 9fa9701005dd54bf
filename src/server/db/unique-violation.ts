// Whether a write failed because a unique key already holds the value: the database's own answer to
// two writers racing for one slot (PostgreSQL 23505; SQLite's UNIQUE and PRIMARY KEY constraints).
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
