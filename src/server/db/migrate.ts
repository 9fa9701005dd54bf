import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import * as initial from '../migrations/0001-initial.ts';
import * as accountSecurity from '../migrations/0002-account-security.ts';
import * as enquiriesAnalytics from '../migrations/0003-enquiries-analytics.ts';
import * as sharedLimits from '../migrations/0004-shared-limits.ts';
import * as revokeLegacyRecoveryCodes from '../migrations/0005-revoke-legacy-recovery-codes.ts';
import * as sessionsByLastDay from '../migrations/0006-sessions-by-last-day.ts';
import * as authAttemptClaims from '../migrations/0007-auth-attempt-claims.ts';
import * as notificationWaits from '../migrations/0008-notification-waits.ts';
import * as enquirySources from '../migrations/0009-enquiry-sources.ts';
import * as weeklyReport from '../migrations/0010-weekly-report.ts';
import * as contentSchedule from '../migrations/0011-content-schedule.ts';
import * as trash from '../migrations/0012-trash.ts';
import * as visitorSources from '../migrations/0013-visitor-sources.ts';
import * as mailSettings from '../migrations/0014-mail-settings.ts';
import * as privateEvents from '../migrations/0015-private-events.ts';
import * as bookings from '../migrations/0016-bookings.ts';
import * as calendarFeeds from '../migrations/0017-calendar-feeds.ts';
import * as customerPhone from '../migrations/0018-customer-phone.ts';
import * as oneCalendar from '../migrations/0019-one-calendar.ts';
import * as customerLinks from '../migrations/0020-customer-links.ts';
import * as moneyReceived from '../migrations/0021-money-received.ts';
import * as bookingMailAnswers from '../migrations/0022-booking-mail-answers.ts';
import * as bookingVersions from '../migrations/0023-booking-versions.ts';
import type { Db } from './database.ts';

// Listed explicitly (not read from disk) so the same set runs from source, tests and any bundle.
// Forward-only: append new files here; never edit or remove one that has shipped.
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-account-security': accountSecurity,
  '0003-enquiries-analytics': enquiriesAnalytics,
  '0004-shared-limits': sharedLimits,
  '0005-revoke-legacy-recovery-codes': revokeLegacyRecoveryCodes,
  '0006-sessions-by-last-day': sessionsByLastDay,
  '0007-auth-attempt-claims': authAttemptClaims,
  '0008-notification-waits': notificationWaits,
  '0009-enquiry-sources': enquirySources,
  '0010-weekly-report': weeklyReport,
  '0011-content-schedule': contentSchedule,
  '0012-trash': trash,
  '0013-visitor-sources': visitorSources,
  '0014-mail-settings': mailSettings,
  '0015-private-events': privateEvents,
  '0016-bookings': bookings,
  '0017-calendar-feeds': calendarFeeds,
  '0018-customer-phone': customerPhone,
  '0019-one-calendar': oneCalendar,
  '0020-customer-links': customerLinks,
  '0021-money-received': moneyReceived,
  '0022-booking-mail-answers': bookingMailAnswers,
  '0023-booking-versions': bookingVersions,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Whether every migration this code knows is applied (readiness: an instance must not serve an older schema). */
export async function migrationsCurrent(db: Db): Promise<boolean> {
  const known = await new Migrator({ db, provider }).getMigrations();
  return known.every((migration) => migration.executedAt !== undefined);
}

/** Applies every pending migration; safe to call from several instances at once (Kysely takes a lock). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
