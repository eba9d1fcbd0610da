import type { CampusSlug } from "../../platform/shared/campuses";

/**
 * The university e-mail domains that make a verified student. A domain matches itself and its
 * subdomains (students.nust.edu.pk); the longest match wins, so a campus subdomain can name its own
 * campus. Any other `*.edu.pk` address is accepted too (Pakistan's HEC hands out edu.pk only to
 * degree-awarding institutions), named by its domain. Add a university here to name it and give
 * its listings a default campus (a slug of CAMPUSES, or null when none is listed).
 */
export const UNIVERSITIES: ReadonlyArray<{ domain: string; name: string; campus: CampusSlug | null }> = [
  { domain: "nust.edu.pk", name: "NUST (National University of Sciences and Technology)", campus: "nust-islamabad" },
  { domain: "lums.edu.pk", name: "LUMS (Lahore University of Management Sciences)", campus: "lums-lahore" },
  { domain: "nu.edu.pk", name: "FAST-NUCES (National University of Computer and Emerging Sciences)", campus: null },
  { domain: "lhr.nu.edu.pk", name: "FAST-NUCES Lahore", campus: "fast-lahore" },
  { domain: "fast.edu.pk", name: "FAST-NUCES (National University of Computer and Emerging Sciences)", campus: null },
  { domain: "comsats.edu.pk", name: "COMSATS University Islamabad", campus: "comsats-islamabad" },
  { domain: "ucp.edu.pk", name: "University of Central Punjab", campus: null },
  { domain: "iba.edu.pk", name: "IBA Karachi (Institute of Business Administration)", campus: "iba-karachi" },
  { domain: "giki.edu.pk", name: "GIK Institute (Ghulam Ishaq Khan Institute)", campus: null },
  { domain: "uet.edu.pk", name: "UET Lahore (University of Engineering and Technology)", campus: "uet-lahore" },
  { domain: "pu.edu.pk", name: "University of the Punjab", campus: "pu-lahore" },
  { domain: "qau.edu.pk", name: "Quaid-i-Azam University", campus: "qau-islamabad" },
  { domain: "uok.edu.pk", name: "University of Karachi", campus: "uok-karachi" },
];

/** Any institution under edu.pk not listed above. */
const EDU_PK = /^(?:[a-z0-9-]+\.)*([a-z0-9-]+\.edu\.pk)$/;

/** The university of an e-mail address (lower case), or null when its domain is not a university's. */
export function universityOf(email: string): { name: string; campus: CampusSlug | null } | null {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  const known = UNIVERSITIES.filter((u) => domain === u.domain || domain.endsWith(`.${u.domain}`)).sort(
    (a, b) => b.domain.length - a.domain.length,
  )[0];
  if (known) return { name: known.name, campus: known.campus };
  const other = EDU_PK.exec(domain);
  return other ? { name: other[1], campus: null } : null;
}
