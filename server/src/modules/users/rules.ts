import { z } from "zod";

/** Field rules shared by registration and profile edits. */
export const usernameRule = z
  .string()
  .trim()
  .min(3, "Username must be 3 to 40 characters.")
  .max(40, "Username must be 3 to 40 characters.")
  .regex(/^[A-Za-z0-9_.-]+$/, "Username may use letters, digits, '.', '_' and '-' only.");

export const contactNumberRule = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 -]{6,18}$/, "Enter a valid contact number, e.g. 03001234567.");

export const emailRule = z.string().trim().toLowerCase().max(254, "Email is too long.").pipe(z.email("Enter a valid email address."));
