/** Campuses where buyers and sellers meet: a listing, a wanted post or a meetup point names one. */
export const CAMPUSES = [
  { slug: "comsats-islamabad", label: "COMSATS Islamabad" },
  { slug: "fast-lahore", label: "FAST Lahore" },
  { slug: "iba-karachi", label: "IBA Karachi" },
  { slug: "lums-lahore", label: "LUMS Lahore" },
  { slug: "nust-islamabad", label: "NUST H-12 Islamabad" },
  { slug: "pu-lahore", label: "Punjab University Lahore" },
  { slug: "qau-islamabad", label: "Quaid-i-Azam University Islamabad" },
  { slug: "uet-lahore", label: "UET Lahore" },
  { slug: "uok-karachi", label: "University of Karachi" },
] as const;

export type CampusSlug = (typeof CAMPUSES)[number]["slug"];
