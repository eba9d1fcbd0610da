import { describe, expect, it } from "vitest";
import corpus from "./corpus.json";
import { maskPhones, normalise, screenMessage } from "./screen";
import type { ScreenFlag } from "./rules";

const flagsOf = (text: string) => screenMessage(text, ["unibazaar.pk"]).flags;

describe("the labelled corpus", () => {
  it("is flagged with precision >= 0.95 and recall >= 0.9", () => {
    const messages = corpus.messages as Array<[string, boolean]>;
    expect(messages.length).toBeGreaterThanOrEqual(150);
    let tp = 0;
    let fp = 0;
    let fn = 0;
    const misses: string[] = [];
    for (const [text, harmful] of messages) {
      const flagged = flagsOf(text).length > 0;
      if (flagged && harmful) tp++;
      else if (flagged) fp++;
      else if (harmful) fn++;
      if (flagged !== harmful) misses.push(`${harmful ? "missed" : "false alarm"}: ${text} ${JSON.stringify(flagsOf(text))}`);
    }
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    console.log(
      `screening corpus: ${messages.length} messages, ${tp + fn} harmful; precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}\n${misses.join("\n")}`,
    );
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });
});

describe("each rule", () => {
  const cases: Array<[string, ScreenFlag[]]> = [
    ["0300-1234567", ["phone"]],
    ["+92 300 1234567", ["phone"]],
    ["923001234567", ["phone"]],
    ["0300.123.4567", ["phone"]],
    ["zero three double zero one two three four five six seven", ["phone"]],
    ["sifr teen sifr sifr aik do teen char paanch chay saat", ["phone"]],
    ["۰۳۰۰۱۲۳۴۵۶۷", ["phone"]],
    ["٠٣٠٠١٢٣٤٥٦٧", ["phone"]],
    ["０３００１２３４５６７", ["phone"]],
    ["0300\u200B1234567", ["phone"]],
    ["whatsapp kar do", ["messaging_app"]],
    ["WA pe bhejo", ["messaging_app"]],
    ["wa.me/923001234567", ["phone", "messaging_app", "offsite_link"]],
    ["https://chat.whatsapp.com/AbC", ["messaging_app", "offsite_link"]],
    ["t.me/deals", ["messaging_app", "offsite_link"]],
    ["واٹس ایپ پر", ["messaging_app"]],
    ["jazzcash pe bhejo", ["wallet_or_account"]],
    ["PK36SCBL0000001123456702", ["wallet_or_account"]],
    ["pehle payment", ["advance_payment"]],
    ["advance bhej do", ["advance_payment"]],
    ["send advance", ["advance_payment"]],
    ["پہلے پیسے بھیجو", ["advance_payment"]],
    ["code bhejo", ["code_request"]],
    ["OTP share karo", ["code_request"]],
    ["کوڈ بھیجیں", ["code_request"]],
    ["send by courier first", ["courier_first"]],
    ["see http://example.com/x", ["offsite_link"]],
    ["bit.ly/abc", ["offsite_link"]],
  ];
  it.each(cases)("%s raises %j", (text, flags) => {
    expect(flagsOf(text)).toEqual(flags);
  });

  const harmless = [
    "Rs 3000",
    "3,000 PKR",
    "PKR 12,500",
    "fx-991ES",
    "i5-8250U",
    "Room 302",
    "Hostel 4 room 12",
    "2019 edition",
    "ISBN 978-0-13-468599-1",
    "ISBN 0-321-12521-5",
    "thanks in advance",
    "Advanced Calculus",
    "coupon code",
    "course code CS-101",
    "the Python code",
    "https://unibazaar.pk/products/1",
    "meet at 5:30 in lab 3",
    "do teen din mein",
  ];
  it.each(harmless)("%s raises nothing", (text) => {
    expect(flagsOf(text)).toEqual([]);
  });
});

describe("normalise and maskPhones", () => {
  it("keeps offsets: one character in, one character out", () => {
    const text = "Ｃall ۰۳۰۰\u200B1234567";
    expect(normalise(text)).toBe("call 0300 1234567");
    expect(normalise(text)).toHaveLength(text.length);
  });

  it("masks every spelling of a number and leaves the rest", () => {
    expect(maskPhones("Call 0300-1234567 at 5pm, Rs 3000")).toBe("Call •••-••• at 5pm, Rs 3000");
    expect(maskPhones("zero three double zero one two three four five six seven ok")).toBe(
      "••• ••• ••• ••• ••• ••• ••• ••• ••• ••• ••• ok",
    );
    expect(maskPhones("۰۳۰۰۱۲۳۴۵۶۷ پر")).toBe("••• پر");
    expect(maskPhones("Room 302")).toBe("Room 302");
  });
});
