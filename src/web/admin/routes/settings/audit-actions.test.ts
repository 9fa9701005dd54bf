import { describe, expect, it } from 'vitest';
import { auditItemPath, describeAuditAction } from './audit-actions.ts';

const detail = (facts: object) => JSON.stringify(facts);

describe('describeAuditAction', () => {
  it('names security events in plain words, the ones the raw log showed as codes included', () => {
    expect(describeAuditAction('login')).toBe('Signed in');
    expect(describeAuditAction('POST /api/admin/logout')).toBe('Signed out');
    expect(describeAuditAction('two-factor.failed')).toBe('Wrong two-factor code');
    expect(describeAuditAction('2fa.enabled')).toBe('Turned on two-factor login');
    expect(describeAuditAction('PUT /api/admin/site')).toBe('Updated the business details');
    expect(describeAuditAction('POST /api/admin/mail/test')).toBe('Sent a test e-mail');
    expect(describeAuditAction('POST /api/admin/bookings/:id/confirm')).toBe('Confirmed a booking');
    expect(describeAuditAction('POST /api/admin/enquiries/:id/booking')).toBe(
      'Made a provisional booking from an enquiry',
    );
  });

  it('says what was done to which item, by the name it had then', () => {
    const put = 'PUT /api/admin/events/:id';
    expect(describeAuditAction(put, detail({ name: 'Summer Music Festival', change: 'hidden' }))).toBe(
      "Hid the event 'Summer Music Festival'",
    );
    expect(describeAuditAction(put, detail({ name: 'Summer Music Festival', change: 'shown' }))).toBe(
      "Showed the event 'Summer Music Festival' on the website",
    );
    expect(describeAuditAction(put, detail({ name: 'Summer Festival', change: 'edited' }))).toBe(
      "Edited the event 'Summer Festival'",
    );
    expect(describeAuditAction('POST /api/admin/events', detail({ name: 'Fest' }))).toBe(
      "Added the event 'Fest'",
    );
    expect(describeAuditAction('DELETE /api/admin/users/:id', detail({ name: 'helper' }))).toBe(
      "Deleted the admin user 'helper'",
    );
    expect(describeAuditAction('PATCH /api/admin/enquiries/:id', detail({ status: 'booked' }))).toBe(
      'Marked an enquiry as booked',
    );
    expect(describeAuditAction('POST /api/admin/enquiries/bulk-delete', detail({ ids: [3, 4] }))).toBe(
      'Deleted 2 enquiries',
    );
    // An entry that had to list fewer ids to stay within its size keeps the whole count.
    expect(
      describeAuditAction('POST /api/admin/enquiries/bulk-delete', detail({ ids: [3, 4], ids_total: 1000 })),
    ).toBe('Deleted 1000 enquiries');
  });

  it('still reads without the detail (older entries), and falls back to the raw action it does not know', () => {
    expect(describeAuditAction('POST /api/admin/events')).toBe('Added an event');
    expect(describeAuditAction('DELETE /api/admin/users/:id', '{"name": "cut off')).toBe(
      'Deleted an admin user',
    );
    expect(describeAuditAction('something.new')).toBe('something.new');
    expect(describeAuditAction('POST /api/admin/things')).toBe('POST /api/admin/things');
  });

  it('names the enquiry an entry is about by its sender and day, or says it is gone (issue 28)', () => {
    const patch = 'PATCH /api/admin/enquiries/:id';
    const live = { id: '12', exists: true, label: 'Priya Shah (15 Jun 2026)' };
    const gone = { id: '12', exists: false, label: null };
    expect(describeAuditAction(patch, detail({ status: 'booked' }), live)).toBe(
      'Marked the enquiry from Priya Shah (15 Jun 2026) as booked',
    );
    expect(describeAuditAction(patch, detail({ status: 'booked' }), gone)).toBe(
      'Marked deleted enquiry #12 as booked',
    );
    const remove = 'DELETE /api/admin/enquiries/:id';
    expect(describeAuditAction(remove, null, gone)).toBe('Deleted enquiry #12');
    expect(describeAuditAction(remove, null, live)).toBe('Deleted the enquiry from Priya Shah (15 Jun 2026)');
    // The action filter names the kind of entry, without any one enquiry.
    expect(describeAuditAction(patch)).toBe('Changed an enquiry status');
    expect(describeAuditAction(remove)).toBe('Deleted an enquiry');
  });

  it('names the booking by its customer and first day while it exists (issue 36)', () => {
    const live = { id: '12', exists: true, label: 'Priya Shah (Fri 14 Aug 2026)' };
    expect(describeAuditAction('POST /api/admin/bookings/:id/confirm', null, live)).toBe(
      'Confirmed the booking for Priya Shah (Fri 14 Aug 2026)',
    );
    expect(describeAuditAction('PUT /api/admin/bookings/:id', null, live)).toBe(
      'Edited the booking for Priya Shah (Fri 14 Aug 2026)',
    );
    expect(describeAuditAction('PUT /api/admin/bookings/:id/money', null, live)).toBe(
      'Recorded the money of the booking for Priya Shah (Fri 14 Aug 2026)',
    );
    expect(
      describeAuditAction('POST /api/admin/enquiries/:id/booking', null, {
        id: '7',
        exists: true,
        label: 'Priya Shah (15 Jun 2026)',
      }),
    ).toBe('Made a provisional booking from the enquiry from Priya Shah (15 Jun 2026)');
    // Gone (or for the action filter): the sentence without a name.
    expect(
      describeAuditAction('POST /api/admin/bookings/:id/cancel', null, {
        id: '12',
        exists: false,
        label: null,
      }),
    ).toBe('Cancelled a booking');
    expect(auditItemPath('POST /api/admin/bookings/:id/confirm', '12')).toBe('/admin/bookings?booking=12');
  });

  it('links items to their screen', () => {
    expect(auditItemPath('PATCH /api/admin/enquiries/:id')).toBe('/admin/enquiries');
    expect(auditItemPath('PUT /api/admin/events/:id')).toBe('/admin/events');
    expect(auditItemPath('POST /api/admin/users')).toBe('/admin/users');
    expect(auditItemPath('login')).toBeNull();
  });
});
