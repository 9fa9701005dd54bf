import type { SiteSettings } from '#shared/schemas/site.ts';
import type { Db } from '../../db/database.ts';
import type { Background } from '../../lib/background.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MailRoute } from '../../mail/failures.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Captcha } from './captcha.ts';
import type { EnquiryLimits } from './limits.ts';

export interface EnquiriesLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What every enquiries function is given first. */
export interface EnquiriesDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  site: { get(): Promise<SiteSettings> };
  captcha: Captcha;
  /** Caps the acknowledgements one mailbox receives (limits.ts). */
  limits: EnquiryLimits;
  /** Where the send after a submission runs, so shutdown waits for it before closing the mailer. */
  background: Background;
  notifyEmail: string | undefined;
  /** Where mail goes now (SMTP host or outbox folder), to explain a failure in the owner's words. */
  mailRoute: () => Promise<MailRoute>;
  publicUrl: string;
  log: EnquiriesLog;
}
