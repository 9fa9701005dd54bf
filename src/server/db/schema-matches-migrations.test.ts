// schema.ts is written by hand and the migrations make the tables: this test holds the two together
// (docs/decisions/0443-schema-checked-against-migrations.md). COLUMNS below says, as text, what
// schema.ts says of every column; `satisfies` makes tsc refuse it the moment the two differ. The test
// then migrates an empty database of each dialect and requires the tables to say the same.
import { sql, type ColumnType } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialects, withEmptyDatabase } from '../testing/harness.ts';
import { dialectOf, type Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './schema.ts';

type Selected<Column> = Column extends ColumnType<infer Select, unknown, unknown> ? Select : Column;
type Inserted<Column> = Column extends ColumnType<unknown, infer Insert, unknown> ? Insert : Column;
type TypeName<Value> = [Value] extends [number] ? 'number' : [Value] extends [string] ? 'string' : never;

/** 'number', 'string | null', 'number, generated' (an insert may leave it out): one column of schema.ts. */
type Said<Column> =
  `${TypeName<NonNullable<Selected<Column>>>}${null extends Selected<Column> ? ' | null' : ''}${undefined extends Inserted<Column> ? ', generated' : ''}`;

type SchemaColumns = {
  [Table in keyof Database]: { [Column in keyof Database[Table]]-?: Said<Database[Table][Column]> };
};

const contentColumns = {
  id: 'number, generated',
  order: 'number',
  is_active: 'number',
  created_at: 'number',
  updated_at: 'number',
  show_from: 'number | null',
  hide_after: 'number | null',
} as const;

const COLUMNS = {
  events: {
    ...contentColumns,
    name: 'string',
    location: 'string',
    date: 'string',
    link: 'string',
    image_url: 'string',
    is_private: 'number | null, generated',
    needs_crew: 'number, generated',
  },
  logos: { ...contentColumns, name: 'string', logo_url: 'string', website_url: 'string' },
  badges: { ...contentColumns, name: 'string', badge_url: 'string', description: 'string' },
  gallery: { ...contentColumns, title: 'string', image_url: 'string', alt_text: 'string', section: 'string' },
  videos: {
    ...contentColumns,
    title: 'string',
    video_type: 'string',
    video_url: 'string',
    thumbnail_url: 'string',
    description: 'string',
    category: 'string',
  },
  testimonials: {
    ...contentColumns,
    client_name: 'string',
    company: 'string',
    testimonial_text: 'string',
    rating: 'number',
  },
  admin_users: {
    id: 'number, generated',
    username: 'string',
    email: 'string',
    password_hash: 'string',
    role: 'string',
    force_password_change: 'number',
    weekly_report: 'number, generated',
    created_at: 'number',
    updated_at: 'number',
  },
  trash: { kind: 'string', item_id: 'number', title: 'string', row_json: 'string', deleted_at: 'number' },
  weekly_report_sends: {
    week: 'string',
    admin_id: 'number',
    claimed_at: 'number',
    sent_at: 'number | null',
    failure: 'string | null',
  },
  admin_sessions: {
    id: 'number, generated',
    token_hash: 'string',
    admin_id: 'number',
    created_at: 'number',
    last_seen_at: 'number',
  },
  app_meta: { key: 'string', value: 'string' },
  admin_totp: {
    admin_id: 'number',
    secret: 'string',
    enabled: 'number',
    last_used_step: 'number | null',
    created_at: 'number',
    enabled_at: 'number | null',
  },
  admin_recovery_codes: {
    id: 'number, generated',
    admin_id: 'number',
    code_hash: 'string',
    created_at: 'number',
    used_at: 'number | null',
  },
  password_reset_tokens: {
    id: 'number, generated',
    admin_id: 'number',
    token_hash: 'string',
    created_at: 'number',
    expires_at: 'number',
    used_at: 'number | null',
  },
  auth_attempts: {
    key: 'string',
    window_started_at: 'number',
    attempts: 'number',
    locked_until: 'number | null',
    refused: 'number, generated',
  },
  audit_log: {
    id: 'number, generated',
    created_at: 'number',
    admin_id: 'number | null',
    actor: 'string',
    action: 'string',
    method: 'string | null',
    route: 'string | null',
    target_id: 'string | null',
    ip: 'string | null',
    detail: 'string | null',
  },
  site_settings: {
    id: 'number',
    trading_name: 'string',
    phone: 'string',
    email: 'string',
    facebook_url: 'string',
    instagram_url: 'string',
    tiktok_url: 'string',
    youtube_url: 'string',
    company_name: 'string',
    company_number: 'string',
    registered_address: 'string',
    is_placeholder: 'number',
    created_at: 'number',
    updated_at: 'number | null',
    updated_by: 'number | null',
  },
  enquiries: {
    id: 'number, generated',
    name: 'string',
    email: 'string',
    organisation: 'string',
    message: 'string',
    status: 'string',
    spam_reason: 'string | null',
    created_at: 'number',
    updated_at: 'number',
    notify_pending: 'number',
    business_notified_at: 'number | null',
    visitor_acknowledged_at: 'number | null',
    notify_attempts: 'number',
    notify_next_at: 'number | null',
    notify_claimed_until: 'number | null',
    notify_error: 'string | null',
    notify_failure: 'string | null',
    visitor_ack_skipped_at: 'number | null',
    source_utm_source: 'string | null',
    source_utm_medium: 'string | null',
    source_utm_campaign: 'string | null',
    source_referrer_host: 'string | null',
    preferred_date: 'string | null',
    event_type: 'string | null',
    people: 'number | null',
    date_taken: 'number | null',
    phone: 'string | null',
  },
  captcha_solutions: { signature: 'string', expires_at: 'number' },
  analytics_events: {
    id: 'number, generated',
    event_type: 'string',
    page: 'string | null',
    element: 'string | null',
    section: 'string | null',
    session_id: 'string | null',
    view_id: 'string | null',
    dwell_ms: 'number | null',
    referrer: 'string | null',
    user_agent: 'string | null',
    created_at: 'number',
  },
  analytics_daily: {
    day: 'string',
    event_type: 'string',
    section: 'string',
    events: 'number',
    dwell_ms_sum: 'number',
    dwell_count: 'number',
  },
  analytics_sessions: {
    session_id: 'string',
    first_day: 'string',
    last_day: 'string',
    source: 'string | null',
  },
  analytics_sessions_by_source: { last_day: 'string', source: 'string', sessions: 'number' },
  analytics_sessions_by_last_day: { last_day: 'string', sessions: 'number' },
  rate_limit_hits: { id: 'number, generated', key: 'string', created_at: 'number', expires_at: 'number' },
  mail_settings: {
    id: 'number',
    host: 'string',
    port: 'number',
    security: 'string',
    username: 'string',
    password_sealed: 'string | null',
    from_address: 'string',
    updated_at: 'number',
    updated_by: 'number | null',
  },
  bookings: {
    id: 'number, generated',
    enquiry_id: 'number | null',
    state: 'string',
    customer_name: 'string',
    customer_email: 'string',
    customer_phone: 'string | null',
    start_date: 'string',
    end_date: 'string',
    start_time: 'string | null',
    end_time: 'string | null',
    location: 'string',
    postcode: 'string',
    people: 'number | null',
    price_pence: 'number | null',
    deposit_pence: 'number | null',
    deposit_paid_on: 'string | null',
    deposit_paid_pence: 'number | null',
    balance_paid_on: 'string | null',
    balance_paid_pence: 'number | null',
    refunded_on: 'string | null',
    refunded_pence: 'number | null',
    notes: 'string',
    shares_day: 'number, generated',
    hold_expires_at: 'number | null',
    sequence: 'number, generated',
    created_at: 'number',
    updated_at: 'number',
    cancel_reason: 'string | null',
    version: 'number, generated',
  },
  calendar_days: { day: 'string', booking_id: 'number | null', event_id: 'number | null' },
  calendar_feeds: { admin_id: 'number', secret: 'string', secret_hash: 'string', created_at: 'number' },
  booking_mails: {
    booking_id: 'number',
    kind: 'string',
    sequence: 'number',
    state: 'string',
    attempts: 'number, generated',
    next_at: 'number | null',
    claimed_until: 'number | null',
    error: 'string | null',
    created_at: 'number',
    attempted_at: 'number | null',
    sent_at: 'number | null',
    previous_details: 'string | null',
  },
  payment_settings: {
    id: 'number',
    account_name: 'string',
    sort_code: 'string',
    account_number: 'string',
    payment_link: 'string',
    balance_due_days: 'number',
    updated_at: 'number',
    updated_by: 'number | null',
  },
  saved_mails: {
    enquiry_id: 'number',
    kind: 'string',
    state: 'string',
    claimed_until: 'number | null',
    error: 'string | null',
    created_at: 'number',
    sent_at: 'number | null',
  },
  booking_links: { booking_id: 'number', token: 'string', token_hash: 'string', created_at: 'number' },
  booking_messages: {
    id: 'number, generated',
    booking_id: 'number',
    body: 'string',
    created_at: 'number',
  },
} satisfies SchemaColumns;

/** A column as the database has it. */
interface TableColumn {
  type: string;
  nullable: boolean;
  /** The database fills it in when an insert leaves it out (a default, an id, or null). */
  fillsItself: boolean;
}

const TYPE_NAMES: Record<string, string> = {
  integer: 'number',
  bigint: 'number',
  int4: 'number',
  int8: 'number',
  text: 'string',
};

/**
 * The primary-key columns of a SQLite table. SQLite reports them nullable unless declared NOT NULL,
 * but an INTEGER PRIMARY KEY is the row id and never null, and the other keys are never written null
 * (the same tables on PostgreSQL, where a primary key is NOT NULL, are checked as they are).
 */
async function sqlitePrimaryKey(db: Db, table: string): Promise<Set<string>> {
  const { rows } = await sql<{
    name: string;
  }>`select name from pragma_table_info(${table}) where pk > 0`.execute(db);
  return new Set(rows.map((row) => row.name));
}

async function databaseColumns(db: Db): Promise<Record<string, Record<string, TableColumn>>> {
  const tables: Record<string, Record<string, TableColumn>> = {};
  for (const table of await db.introspection.getTables()) {
    const key = dialectOf(db) === 'sqlite' ? await sqlitePrimaryKey(db, table.name) : new Set<string>();
    tables[table.name] = Object.fromEntries(
      table.columns.map((column) => {
        const nullable = column.isNullable && !key.has(column.name);
        const type = TYPE_NAMES[column.dataType.toLowerCase()] ?? column.dataType;
        const fillsItself = column.hasDefaultValue || column.isAutoIncrementing || nullable;
        return [column.name, { type, nullable, fillsItself }];
      }),
    );
  }
  return tables;
}

const mapValues = <From, To>(record: Record<string, From>, to: (value: From) => To): Record<string, To> =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, to(value)]));

describe.each(dialects())('schema.ts against the migrated tables [%s]', (dialect) => {
  it('has every table and column the migrations make, each of the same type and nullability', async () => {
    await withEmptyDatabase(dialect, async (db) => {
      await migrateToLatest(db);
      const inDatabase = await databaseColumns(db);
      expect(
        mapValues(inDatabase, (columns) =>
          mapValues(columns, (column) => `${column.type}${column.nullable ? ' | null' : ''}`),
        ),
      ).toEqual(
        mapValues(COLUMNS, (columns) => mapValues(columns, (said) => said.replace(', generated', ''))),
      );

      // schema.ts may ask an insert for a value the database would fill in, never the other way round.
      const leftOutButRefused = Object.entries(COLUMNS).flatMap(([table, columns]) =>
        Object.entries(columns)
          .filter(([name, said]) => said.endsWith(', generated') && !inDatabase[table]?.[name]?.fillsItself)
          .map(([name]) => `${table}.${name}`),
      );
      expect(leftOutButRefused).toEqual([]);
    });
  });
});
