/** UniBazaar's support contact, shown in the footer, on About Us and on Contact. */
export const SUPPORT = {
  email: "support@unibazaar.pk",
  phone: "+92 300 1234567",
  phoneHref: "+923001234567",
  address: "Office 12, Student Centre, University Road, Lahore, Pakistan",
  hours: "Monday to Saturday, 9:00 to 18:00 PKT",
} as const;
