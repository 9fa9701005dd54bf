// Frozen: never edit a migration that has shipped, never import application code from one.
// Where each enquiry came from (issue 17, docs/decisions/0421): the landing URL's campaign tags and
// the referring site's host name, as the visitor's page sent them. Null for enquiries sent before.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'source_utm_source',
    'source_utm_medium',
    'source_utm_campaign',
    'source_referrer_host',
  ])
    await db.schema.alterTable('enquiries').addColumn(column, 'text').execute();
}
