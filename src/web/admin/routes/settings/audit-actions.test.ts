import { describe, expect, it } from 'vitest';
import { describeAuditAction } from './audit-actions.ts';

describe('describeAuditAction', () => {
  it('names security events and content writes in plain words', () => {
    expect(describeAuditAction('login')).toBe('Signed in');
    expect(describeAuditAction('2fa.enabled')).toBe('Turned on two-factor login');
    expect(describeAuditAction('POST /api/admin/events')).toBe('Added an event');
    expect(describeAuditAction('DELETE /api/admin/users/:id')).toBe('Deleted an admin user');
    expect(describeAuditAction('PUT /api/admin/site')).toBe('Updated the business details');
    expect(describeAuditAction('POST /api/admin/mail/test')).toBe('Sent a test e-mail');
  });

  it('falls back to the raw action when it does not know it', () => {
    expect(describeAuditAction('something.new')).toBe('something.new');
    expect(describeAuditAction('POST /api/admin/things')).toBe('POST /api/admin/things');
  });
});
