/** UniBazaar's support contact, shown in the footer, on About Us and on Contact (its address and hours, in words, are the common catalogue's `support`). */
export const SUPPORT = {
  email: "support@unibazaar.pk",
  phone: "+92 300 1234567",
  phoneHref: "+923001234567",
} as const;
