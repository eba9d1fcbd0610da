import i18next from "i18next";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPKRCompact } from "./axis-money";
import { formatAmount, formatCount, formatDate, formatDateTime, formatMonth, formatPKR } from "./format";

// the page shows a non-breaking space between "Rs" and the number; plain spaces here for reading
const plain = (s: string) => s.replace(/\u00a0/g, " ");

describe("formatCount", () => {
  it("groups thousands like the money format", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(10_000)).toBe("10,000");
    expect(formatCount(1_234_567)).toBe("1,234,567");
    expect(formatCount(-4_500)).toBe("-4,500");
  });
});

describe("formatAmount", () => {
  it("groups like the money format, with at most two decimals and no trailing zero", () => {
    expect(formatAmount(2000)).toBe("2,000");
    expect(formatAmount(999.5)).toBe("999.5");
    expect(formatAmount(4.25)).toBe("4.25");
    expect(formatAmount(4.0)).toBe("4");
    expect(formatAmount(1_234_567.891)).toBe("1,234,567.89");
    expect(formatAmount(0.1 + 0.2)).toBe("0.3");
    expect(formatAmount(-1500.05)).toBe("-1,500.05");
  });
});

describe("formatPKR", () => {
  it("shows whole rupees without paisa and paisa only when there are some", () => {
    expect(plain(formatPKR(1800))).toBe("Rs 1,800");
    expect(plain(formatPKR(1800.5))).toBe("Rs 1,800.50");
    expect(plain(formatPKR(0.01))).toBe("Rs 0.01");
    expect(plain(formatPKR(0))).toBe("Rs 0");
    expect(plain(formatPKR(10_000_000))).toBe("Rs 10,000,000");
    expect(plain(formatPKR(-250))).toBe("-Rs 250");
  });

  it("rounds float sums to the paisa (no 2,592.4499999 or 1,800.00)", () => {
    expect(plain(formatPKR(0.1 + 0.2))).toBe("Rs 0.30");
    expect(plain(formatPKR(2469 + 123.45))).toBe("Rs 2,592.45");
    expect(plain(formatPKR(1799.999))).toBe("Rs 1,800");
  });

  it("keeps Rs and its number together with a non-breaking space", () => {
    expect(formatPKR(1800)).toBe("Rs\u00a01,800");
  });

  it("shortens chart axis amounts", () => {
    expect(plain(formatPKRCompact(950))).toBe("Rs 950");
    expect(plain(formatPKRCompact(1000))).toBe("Rs 1K");
    expect(plain(formatPKRCompact(12_345))).toBe("Rs 12.3K");
    expect(plain(formatPKRCompact(999_999))).toBe("Rs 1M");
    expect(plain(formatPKRCompact(3_450_000))).toBe("Rs 3.5M");
  });
});

describe("dates", () => {
  // a local time, so the check holds in any time zone the tests run in
  const at = (y: number, m: number, d: number, h: number, min: number) => new Date(y, m - 1, d, h, min).toISOString();

  it("reads a day as '24 Nov 2026'", () => {
    expect(formatDate(at(2026, 11, 24, 16, 30))).toBe("24 Nov 2026");
    expect(formatDate(at(2026, 9, 3, 0, 5))).toBe("3 Sept 2026");
    // a calendar day (a blog post's date) is not shifted by the reader's time zone
    expect(formatDate("2026-10-15")).toBe("15 Oct 2026");
  });

  it("reads a calendar day as that day in any time zone, west or east of Greenwich", () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ["America/Los_Angeles", "Pacific/Kiritimati", "Asia/Karachi"]) {
        process.env.TZ = tz;
        expect(formatDate("2026-01-01")).toBe("1 Jan 2026");
        expect(formatDate("2026-12-31")).toBe("31 Dec 2026");
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("adds a 12-hour time where it matters: '24 Nov 2026, 4:30 pm'", () => {
    expect(formatDateTime(at(2026, 11, 24, 16, 30))).toBe("24 Nov 2026, 4:30 pm");
    expect(formatDateTime(at(2026, 1, 1, 0, 5))).toBe("1 Jan 2026, 12:05 am");
    expect(formatDateTime(at(2026, 1, 1, 12, 0))).toBe("1 Jan 2026, 12:00 pm");
  });

  it("names a month as 'Nov 2026'", () => {
    expect(formatMonth("2026-11")).toBe("Nov 2026");
    expect(formatMonth("2027-01")).toBe("Jan 2027");
  });
});

/** What the browser's Intl writes for the same moment: the hand-written dates must read the same. */
function intlDates(locale: string, iso: string) {
  const day = { day: "numeric", month: "short", year: "numeric" } as const;
  return {
    date: new Intl.DateTimeFormat(locale, day).format(new Date(iso)),
    dateTime: new Intl.DateTimeFormat(locale, { ...day, hour: "numeric", minute: "2-digit" }).format(new Date(iso)),
    month: new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(iso)),
  };
}

describe.each([
  ["en", "en-PK"],
  ["ur", "ur-PK"],
])("written by hand in %s, as Intl's %s writes them", (language, locale) => {
  beforeAll(() => i18next.init({ lng: language, supportedLngs: ["en", "ur"], resources: {} }));
  afterAll(() => i18next.changeLanguage("en"));

  it("every month, every hour, both ends of a minute", () => {
    for (let month = 0; month < 12; month++)
      for (let hour = 0; hour < 24; hour++) {
        const iso = new Date(2026, month, 1 + hour, hour, hour % 2 ? 59 : 0).toISOString();
        const monthOf = `${iso.slice(0, 7)}-15T12:00:00Z`;
        expect({ date: formatDate(iso), dateTime: formatDateTime(iso), month: formatMonth(monthOf.slice(0, 7)) }).toEqual({
          ...intlDates(locale, iso),
          month: intlDates(locale, monthOf).month,
        });
      }
  });
});

describe("in Urdu (ur-PK)", () => {
  beforeAll(() => i18next.init({ lng: "ur", supportedLngs: ["en", "ur"], resources: {} }));
  afterAll(() => i18next.changeLanguage("en"));

  it("keeps the digits students read and names months in Urdu", () => {
    expect(plain(formatPKR(1800))).toBe("Rs 1,800");
    expect(formatCount(10_000)).toBe("10,000");
    expect(formatDate("2026-11-24")).toBe("24 نومبر، 2026");
    expect(formatMonth("2026-11")).toBe("نومبر 2026");
  });

  it("shortens chart amounts in thousands and lakhs", () => {
    expect(plain(formatPKRCompact(12_345, "ur"))).toBe("Rs 12.3 ہزار");
    expect(plain(formatPKRCompact(3_500_000, "ur"))).toBe("Rs 35 لاکھ");
  });
});
