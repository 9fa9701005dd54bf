// One UID per booking everywhere (issue 36, item 5; docs/decisions/0471): the customer's invitations
// and the owner's feed name a booking alike, so a calendar holding both sees one event. The public
// URL's host name (without a port: the invitations already out use that) makes it this site's.

export const bookingUid = (bookingId: number, publicUrl: string) =>
  `booking-${bookingId}@${new URL(publicUrl).hostname}`;
