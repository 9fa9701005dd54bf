// TODO(issue 7, enquiry form): the booking enquiry form of SPEC §4/§5.
export function EnquiryForm() {
  return <form aria-label="Booking enquiry" />;
}
