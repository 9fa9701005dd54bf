// Frozen: never edit a migration that has shipped, never import application code from one.
// Recovery codes used to be ~50-bit codes stored as a bare SHA-256, which a copy of the database
// lets anyone brute-force offline. They cannot be re-hashed (only their hashes exist), so they are
// revoked: each admin who held some gets an audit entry, and Settings then shows 0 codes left with
// the prompt to create new ones (80-bit, HMAC-SHA-256 under the server key). docs/decisions/0403.
import type { Kysely } from 'kysely';

type Tables = {
  admin_users: { id: number; email: string };
  admin_recovery_codes: { id: number; admin_id: number; used_at: number | null };
  audit_log: {
    created_at: number;
    admin_id: number | null;
    actor: string;
    action: string;
    detail: string | null;
  };
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const data = db.withTables<Tables>();
  const holders = await data
    .selectFrom('admin_recovery_codes as code')
    .innerJoin('admin_users as admin', 'admin.id', 'code.admin_id')
    .select(['admin.id', 'admin.email', (eb) => eb.fn.count<number | string>('code.id').as('unused')])
    .where('code.used_at', 'is', null)
    .groupBy(['admin.id', 'admin.email'])
    .execute();
  if (holders.length > 0) {
    const now = Date.now();
    await data
      .insertInto('audit_log')
      .values(
        holders.map((holder) => ({
          created_at: now,
          admin_id: holder.id,
          actor: holder.email,
          action: '2fa.recovery_codes_revoked',
          detail: JSON.stringify({
            unused: Number(holder.unused),
            reason: 'replaced by stronger codes: create new ones in Settings',
          }),
        })),
      )
      .execute();
  }
  await data.deleteFrom('admin_recovery_codes').execute();
}
