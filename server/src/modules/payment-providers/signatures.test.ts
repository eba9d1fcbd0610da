import { describe, expect, it } from "vitest";
import { easypaisaAmount, easypaisaHash, paisaFromRupees } from "./easypaisa";
import { jazzcashSecureHash } from "./jazzcash";
import { pakistanTimestamp } from "./provider";

// expected values computed independently (Python's hmac, OpenSSL's aes-128-ecb), not by this code
describe("the wallets' signatures", () => {
  it("JazzCash: HMAC-SHA256 keyed with the salt over the salt and the sorted non-empty pp values", () => {
    const fields = {
      pp_Version: "1.1",
      pp_Amount: "10000",
      pp_BankID: "",
      pp_TxnRefNo: "T1",
      pp_MerchantID: "MC1",
      ppmpf_1: "x",
      other: "ignored",
    };
    expect(jazzcashSecureHash(fields, "s4lt")).toBe("972F49F52CAE5563DD10EC61CA25FC21F3748E8926F8B6A72CD057E35C14241E");
    // the hash field itself is never part of what it signs
    expect(jazzcashSecureHash({ ...fields, pp_SecureHash: "ABC" }, "s4lt")).toBe(jazzcashSecureHash(fields, "s4lt"));
    expect(jazzcashSecureHash({ ...fields, pp_Amount: "10001" }, "s4lt")).not.toBe(jazzcashSecureHash(fields, "s4lt"));
  });

  it("Easypaisa: the sorted name=value pairs, AES-128-ECB under the hash key, base64", () => {
    expect(easypaisaHash({ storeId: "42", orderRefNum: "UB1", amount: "10.00", emailAddr: "" }, "0123456789abcdef")).toBe(
      "oVqfPpajyMfrocIx1j//VWy5dSfhqKxXgtYKVlimIV/JrcxRuSM/zbXliNGkK1vN",
    );
  });

  it("writes and reads amounts and times the wallets' way", () => {
    expect(easypaisaAmount(259_245)).toBe("2592.45");
    expect(easypaisaAmount(5)).toBe("0.05");
    expect([
      paisaFromRupees("2592.45"),
      paisaFromRupees("10.5"),
      paisaFromRupees("10"),
      paisaFromRupees("1e3"),
      paisaFromRupees("-1"),
    ]).toEqual([259_245, 1_050, 1_000, null, null]);
    expect(pakistanTimestamp(new Date("2026-11-25T19:30:05Z"))).toBe("20261126003005");
  });
});
