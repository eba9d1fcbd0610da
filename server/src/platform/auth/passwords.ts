import { hash, verify } from "@node-rs/argon2";

/**
 * Password hashing, in one place: Argon2id (the library default), from a prebuilt N-API binary that
 * needs no install script. One object, so tests can count the hashing work a request does (the
 * same for a real and an unknown account).
 */
export const passwords = {
  hash: (password: string): Promise<string> => hash(password),
  verify: (passwordHash: string, password: string): Promise<boolean> => verify(passwordHash, password),
};
