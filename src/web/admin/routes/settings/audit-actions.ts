// Audit actions in words an owner reads: named security events, and "<METHOD> <route>" for writes.
const NAMED: Record<string, string> = {
  login: 'Signed in',
  'login.failed': 'Failed sign-in',
  lockout: 'Locked out after failed attempts',
  'password.changed': 'Changed password',
  'password.reset_requested': 'Requested a password reset',
  'password.reset': 'Reset password',
  '2fa.enabled': 'Turned on two-factor login',
  '2fa.disabled': 'Turned off two-factor login',
  '2fa.recovery_code_used': 'Used a recovery code',
  '2fa.recovery_codes_regenerated': 'Created new recovery codes',
  '2fa.recovery_codes_revoked': 'Old recovery codes withdrawn (new ones needed)',
  'data_subject.erased': "Erased a person's enquiries",
};

const VERBS: Record<string, string> = { POST: 'Added', PUT: 'Updated', PATCH: 'Updated', DELETE: 'Deleted' };

const THINGS: Record<string, string> = {
  events: 'an event',
  logos: 'a logo',
  badges: 'a badge',
  gallery: 'a gallery image',
  videos: 'a video',
  testimonials: 'a testimonial',
  users: 'an admin user',
  upload: 'a file upload',
  site: 'the business details',
  enquiries: 'an enquiry',
};

const SPECIAL: Record<string, string> = {
  'POST /api/admin/upload': 'Uploaded a file',
  'PUT /api/admin/site': 'Updated the business details',
  'DELETE /api/admin/analytics/reset': 'Reset analytics',
  'POST /api/admin/enquiries/bulk-delete': 'Deleted enquiries',
  'POST /api/admin/enquiries/send-notifications': 'Sent pending notifications',
  'PATCH /api/admin/enquiries/:id': 'Changed an enquiry status',
  'POST /api/admin/mail/test': 'Sent a test e-mail',
};

export function describeAuditAction(action: string): string {
  const named = NAMED[action] ?? SPECIAL[action];
  if (named) return named;
  const match = /^(POST|PUT|PATCH|DELETE) \/api\/admin\/([a-z-]+)/.exec(action);
  const verb = match && VERBS[match[1] ?? ''];
  const thing = match && THINGS[match[2] ?? ''];
  return verb && thing ? `${verb} ${thing}` : action;
}
